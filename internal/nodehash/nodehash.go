// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package nodehash

import (
	"errors"
	"reflect"
	"unsafe"

	G "gorgonia.org/gorgonia"
)

// CollidingA and CollidingB name two 2×3 float64 matrix inputs whose
// Gorgonia node hashes are equal (found by a birthday search over random
// names, for the pinned Gorgonia v0.9.18).
const CollidingA, CollidingB = "x7297b718afb9c284", "x63770ce1052d9125"

// ErrLayout is returned by Set where gorgonia.Node no longer has the
// unexported fields hash (uint32) and hashed (bool): the pinned version
// changed.
var ErrLayout = errors.New("nodehash: gorgonia.Node has no fields hash uint32 and hashed bool: the pinned version changed")

// Set makes n report h as its hash from now on: it writes the hash
// Gorgonia caches in n's unexported fields and marks it computed.
func Set(n *G.Node, h uint32) error {
	v := reflect.ValueOf(n).Elem()
	hash, hashed := v.FieldByName("hash"), v.FieldByName("hashed")
	if hash.Kind() != reflect.Uint32 || hashed.Kind() != reflect.Bool {
		return ErrLayout
	}
	*(*uint32)(unsafe.Pointer(hash.UnsafeAddr())) = h
	*(*bool)(unsafe.Pointer(hashed.UnsafeAddr())) = true
	return nil
}
