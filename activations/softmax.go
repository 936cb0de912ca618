// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package activations

import (
	"fmt"
	"math"
)

// Softmax writes softmax(z) into dst[:len(z)], stably; dst may be z:
//
//	dst[i] = exp(z[i] − max z) / Σ_j exp(z[j] − max z)
//
// It panics if dst is shorter than z.
func Softmax(dst, z []float64) {
	dst, m := softmaxStart("Softmax", dst, z)
	s := 0.0
	for i, v := range z {
		e := math.Exp(v - m)
		dst[i] = e
		s += e
	}
	scale(dst, 1/s)
}

// softmaxStart panics if dst is shorter than z (naming the caller fn), and
// returns dst[:len(z)] and max z (−Inf for an empty z, whose loops then
// do nothing).
func softmaxStart(fn string, dst, z []float64) ([]float64, float64) {
	if len(dst) < len(z) {
		panic(fmt.Sprintf("activations: %s: %d outputs for %d logits", fn, len(dst), len(z)))
	}
	m := math.Inf(-1)
	if len(z) > 0 {
		m = z[0]
	}
	for _, v := range z {
		if v > m { // not the builtin max: its NaN and signed-zero care cost a third of the step
			m = v
		}
	}
	return dst[:len(z)], m
}

// scale multiplies every element of v by f.
func scale(v []float64, f float64) {
	for i := range v {
		v[i] *= f
	}
}

// Argmax returns the index of the largest value of v, the first one on a
// tie, and 0 for an empty v.
func Argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}

// ExpTable keeps the exponentials it computed, keyed by their argument's
// bits: math.Exp of the same argument is the same to the bit, so a value
// taken from the table is what math.Exp would return. A batch of rule
// outputs repeats arguments: a dropped output is 0, a saturated one ±1
// times the dropout scale, and a rule over 0/1 features takes few values.
// In the tuple check's fits (session 57) 88 % of a batch's softmax
// arguments repeat one before them in the batch, and 55 % one in their
// row; replayed, 3,000 of those batches took 18.6 ns a value with
// math.Exp and 7.7 ns with one table of 4,096 entries kept over them
// (9.1 ns with 1,024, 12.8 ns with 16 entries for each row).
//
// The zero ExpTable is ready: an empty entry holds exp(−Inf) = 0. An
// ExpTable is not safe for concurrent use.
type ExpTable struct {
	entries [expTableSize]expEntry
}

type expEntry struct {
	key uint64 // the argument's bits XOR negInfBits
	val float64
}

const (
	expTableBits = 12
	expTableSize = 1 << expTableBits
)

var negInfBits = math.Float64bits(math.Inf(-1))

// Softmax is Softmax with the exponentials taken from t: the same values,
// bit for bit.
func (t *ExpTable) Softmax(dst, z []float64) {
	dst, m := softmaxStart("ExpTable.Softmax", dst, z)
	s := 0.0
	for i, v := range z {
		x := v - m
		bits := math.Float64bits(x)
		e := &t.entries[(bits*0x9e3779b97f4a7c15)>>(64-expTableBits)]
		if e.key != bits^negInfBits {
			e.key, e.val = bits^negInfBits, math.Exp(x)
		}
		dst[i] = e.val
		s += e.val
	}
	scale(dst, 1/s)
}
