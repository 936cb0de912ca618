// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package procs says how many jobs hornets-go runs at once, and lets a
// program give the Go scheduler spare processors for Gorgonia's thread
// handoffs.
//
// Every training step runs a Gorgonia tape machine, whose RunAll locks
// its caller to an OS thread, starts one goroutine to execute the tape
// and waits for it. The waiting thread gives its processor (P) away and
// takes it back when the step ends: two wake-ups of a sleeping thread
// a step, during which, with one P per CPU, that CPU runs nothing. A step
// of a small table takes a fraction of a millisecond, so the idle gaps add
// up: a cross-validation on two CPUs kept them about two thirds busy.
//
// Oversubscribe, called once by a program (hornetctl does), doubles
// GOMAXPROCS so that the operating system has runnable threads to put on
// a CPU while another is being woken; not on one processor, where a
// second P was slower. Workers still counts the processors
// the program was given, so the number of concurrent fits, and with it
// the memory they take, does not change; nor do the results, which never
// depend on GOMAXPROCS. Measured on 2 CPUs (session 56): hornetctl cv of
// the house votes, 5 folds, 28.9 s → 22.3 s wall for the same 33 CPU-seconds.
package procs
