// Package deploy holds no code: it is a home for the tests of the deployment files next to it, the Slurm scripts
// in slurm/ and the Kubernetes manifests in kubernetes/. The tests check the manifests against the flags hornetctl
// reads, run an Indexed Job's pods as local processes, and, when Slurm is installed, run a sharded sweep on a
// single-node cluster started by slurm/local-cluster.sh and compare the merged table with the unsharded one.
package deploy
