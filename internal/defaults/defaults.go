// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package defaults

// IfZero sets *v to d when *v is its type's zero value.
func IfZero[T comparable](v *T, d T) {
	var zero T
	if *v == zero {
		*v = d
	}
}
