// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package modelfile is the container of a hornets-go model file: one JSON
// object whose "format" and "version" fields name it and whose last member,
// "checksum", is the SHA-256 of every byte before it. Read refuses what is
// not such a file, or one changed after it was written, with a one-line
// error wrapping ErrBadFile, reading at most MaxBytes+1 bytes and never
// panicking; Write encodes the object and its checksum; Reseal re-seals a
// file edited on purpose. A tensor's data are Values, which refuse null
// elements and check their count and finiteness (Values.Check). It knows
// the header, not the network: package model maps a Network to the
// object, says which shape each tensor must have, and writes the file
// atomically.
package modelfile
