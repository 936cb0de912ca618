// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package ops

// The loops of the affine op and its gradients. Each output element is a sum
// taken in one fixed order (over k for the forward pass and da, over the
// rows for dw), the order of the plain triple loop these kernels replaced;
// they only hold partial sums in registers and work on two rows or two
// columns at a time, so their results equal that loop's bit for bit and no
// trained model changed when they came in (TestAffineKernelsExact keeps the
// plain loops as the reference). Go does not fuse a·b + c into one rounding
// on amd64, the architecture the figures are measured on; where a compiler
// fuses, it fuses both forms alike in each statement.

// affineForward sets y [nb×c] to a [nb×k] · w [k×c] + bias [c]:
// y[i, j] = bias[j] + a[i, 0]·w[0, j] + a[i, 1]·w[1, j] + …, left to right.
// Rows go in pairs and columns in pairs, so that each weight loaded serves
// two rows and four sums stay in registers.
func affineForward(y, a, w, bias []float64, nb, k, c int) {
	w = w[:k*c]
	i := 0
	for ; i+2 <= nb; i += 2 {
		a0 := a[i*k : i*k+k]
		a1 := a[(i+1)*k : (i+1)*k+k][:len(a0)]
		y0 := y[i*c : i*c+c]
		y1 := y[(i+1)*c : (i+1)*c+c][:len(y0)]
		j := 0
		for ; j+2 <= c; j += 2 {
			s0, s1 := bias[j], bias[j+1]
			t0, t1 := s0, s1
			for kk, av := range a0 {
				w0, w1 := w[kk*c+j], w[kk*c+j+1]
				s0 += av * w0
				s1 += av * w1
				bv := a1[kk]
				t0 += bv * w0
				t1 += bv * w1
			}
			y0[j], y0[j+1], y1[j], y1[j+1] = s0, s1, t0, t1
		}
		if j < c {
			s, t := bias[j], bias[j]
			for kk, av := range a0 {
				wv := w[kk*c+j]
				s += av * wv
				t += a1[kk] * wv
			}
			y0[j], y1[j] = s, t
		}
	}
	if i < nb {
		ar := a[i*k : i*k+k]
		for j := 0; j < c; j++ {
			s := bias[j]
			for kk, av := range ar {
				s += av * w[kk*c+j]
			}
			y[i*c+j] = s
		}
	}
}

// affineGradA sets da [nb×k] to g [nb×c] · wᵀ for w [k×c]:
// da[i, kk] = 0 + g[i, 0]·w[kk, 0] + g[i, 1]·w[kk, 1] + …, left to right.
func affineGradA(da, w, g []float64, nb, k, c int) {
	w = w[:k*c]
	if c == 2 { // the binary case, with the row's two gradients in registers
		for i := 0; i < nb; i++ {
			g0, g1 := g[2*i], g[2*i+1]
			for kk := range da[i*k : i*k+k] {
				var s float64
				s += g0 * w[2*kk]
				s += g1 * w[2*kk+1]
				da[i*k+kk] = s
			}
		}
		return
	}
	affineGradAPlain(da, w, g, nb, k, c)
}

// affineGradAPlain is affineGradA as a plain loop over the classes: the
// kernel for more than two classes, where holding them in registers gained
// nothing measurable, and the reference of the two-class path's test.
func affineGradAPlain(da, w, g []float64, nb, k, c int) {
	for i := 0; i < nb; i++ {
		gr := g[i*c : i*c+c]
		dr := da[i*k : i*k+k]
		for kk := range dr {
			var s float64
			for j, wv := range w[kk*c : kk*c+c] {
				s += gr[j] * wv
			}
			dr[kk] = s
		}
	}
}

// affineGradW sets dw [k×c] to aᵀ · g for a [nb×k], g [nb×c]:
// dw[kk, j] = 0 + a[0, kk]·g[0, j] + a[1, kk]·g[1, j] + …, left to right.
// The columns go in pairs, each row's two gradients held in registers.
func affineGradW(dw, a, g []float64, nb, k, c int) {
	clear(dw)
	dw = dw[:k*c]
	for i := 0; i < nb; i++ {
		ar := a[i*k : i*k+k]
		gr := g[i*c : i*c+c]
		j := 0
		for ; j+2 <= c; j += 2 {
			g0, g1 := gr[j], gr[j+1]
			for kk, av := range ar {
				dw[kk*c+j] += av * g0
				dw[kk*c+j+1] += av * g1
			}
		}
		if j < c {
			gv := gr[j]
			for kk, av := range ar {
				dw[kk*c+j] += av * gv
			}
		}
	}
}

// affineGradB sets db [c] to the column sums of g [nb×c], row by row.
func affineGradB(db, g []float64, nb, c int) {
	clear(db)
	for i := 0; i < nb; i++ {
		for j, gv := range g[i*c : i*c+c] {
			db[j] += gv
		}
	}
}
