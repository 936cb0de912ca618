// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package ops holds the custom Gorgonia operations of HorNets: the
// activations, the combination-activation layer, row normalisation, a
// row-wise softmax (optionally with a dropout mask), an affine output layer
// and the softmax cross-entropy loss.
//
// # Overview
//
// Every op follows the Gorgonia pattern: an exported builder returns
// (*gorgonia.Node, error) and applies an unexported op; the backward pass is
// a sibling unexported op that shares the forward op's parameters, and it is
// built by SymDiff, so the ops work with gorgonia.Grad and the TapeMachine.
// (They implement no DoDiff, so a LispMachine would see zero gradients.)
// Only float64 is supported; other dtypes give an error wrapping [ErrDtype].
// Ops never write to their inputs and return errors rather than panic, both
// when building the graph and when running it.
//
// # Outputs are reused
//
// A TapeMachine's Reset clears its registers, so on every run it asks each
// op for a new output (Do) and never offers a preallocated one. To keep a
// training step free of allocations, every op instance of this package owns
// its output and its scratch buffers, allocated on its first call and
// overwritten by each later one: the value Do returns is valid until that op
// runs again (copy it if it must outlive the next RunAll). The ops also
// implement gorgonia.UsePreallocDoer, writing every element of a
// preallocated output of the right shape. Each builder call makes a new op
// instance, so a node's op belongs to that node alone, and a graph may be
// run by one machine at a time. The gradient ops of [CombAct] read the
// pre-activations z cached by their forward node in the same run; they
// recompute z if the rules, the activity mask or the inputs changed since.
// Errors wrap the sentinels of errors.go. An error from a running op reaches
// the caller through the machine's RunAll, whose wrapper hides it from
// errors.Is; [RunError] unwraps it.
//
// # Formulas
//
// Activate and PolyClip apply an [activations.Func] f element-wise to a
// tensor of any shape:
//
//	y = f(x),  polyClip_k(x) = clip(x^(2k+1), -1, 1),  relu(x) = max(x, 0)
//	dx = g ⊙ f'(x)
//
// where g is the incoming gradient and f' is [activations.Func.Deriv]
// (polyClip'(x) = (2k+1)·x^(2k) on [-1, 1], 0 outside).
//
// CombAct, for X [B×D], M [order×R] and rule indices idx [R·order]:
//
//	z[b, r] = Σ_{j<order} X[b, idx[r·order+j]] · M[j, r]
//	F[b, r] = act(z[b, r])                          (0 if rule r is inactive)
//	dz      = g ⊙ act'(z)    z cached by the forward  (0 for inactive rules)
//	dM[j, r] = Σ_b dz[b, r] · X[b, idx[r·order+j]]
//	dX[b, d] = Σ_{(r, j) : idx[r·order+j] = d} dz[b, r] · M[j, r]
//
// LinAttInput, for x [B×L], the attention a [1×L], eps > 0 and s > 0, with
// m_b = max(‖x[b, :]‖₂, eps), u = x[b, :]/m_b, g1 = g[b, :L], g2 = g[b, L:]:
//
//	y[b, :L]  = u ⊙ a                  the row's direction
//	y[b, L:]  = s · x[b, :] ⊙ a        its values, scaled
//	da        = Σ_b g1 ⊙ u + s · g2 ⊙ x[b, :]
//	dx[b, :]  = (h − u·(u·h)) / m_b + s · a ⊙ g2,  h = g1 ⊙ a   (u·h term 0 if m_b = eps)
//
// LinAttInputOfData is the same op for an x that is data (LinAtt's batch of
// rows): it builds da only.
//
// SoftmaxRows, for x [B×C], with m_b = max_c x[b, c]:
//
//	y[b, c]  = exp(x[b, c] − m_b) / Σ_c' exp(x[b, c'] − m_b)
//	dx[b, :] = y[b, :] ⊙ (g[b, :] − Σ_c g[b, c]·y[b, c])
//
// MaskedSoftmaxRows, for x and a dropout mask m [B×C] (data, no gradient),
// is SoftmaxRows of u = x ⊙ m in one op:
//
//	y[b, :]  = softmax(x[b, :] ⊙ m[b, :])
//	dx[b, :] = m[b, :] ⊙ y[b, :] ⊙ (g[b, :] − Σ_c g[b, c]·y[b, c])
//
// Both take their exponentials from an activations.ExpTable that the op
// keeps from run to run: the values of math.Exp, bit for bit, without
// recomputing the repeated ones (a rule's output over 0/1 features takes
// few values).
//
// Affine, for a [B×K], w [K×C] and a bias row b [1×C]:
//
//	y[i, c]  = b[c] + Σ_k a[i, k]·w[k, c]
//	da[i, k] = Σ_c g[i, c]·w[k, c]        (g·wᵀ)
//	dw[k, c] = Σ_i a[i, k]·g[i, c]        (aᵀ·g)
//	db[0, c] = Σ_i g[i, c]
//
// SoftmaxCrossEntropy, for logits and targets t [B×C] and class weights w
// (all ones by default), p = SoftmaxRows(logits):
//
//	loss          = −(1/B) Σ_b Σ_c t[b, c] · w_c · log p[b, c]
//	dlogits[b, c] = g · (1/B) · ( p[b, c] · Σ_c' t[b, c']·w_c' − t[b, c]·w_c )
//
// with log p computed as logits − logsumexp, the row max subtracted. The loss
// is a scalar node, so it can be passed to gorgonia.Grad as the cost.
//
// # Hashing and rule state
//
// Gorgonia merges nodes whose op hashes and children agree, so every op
// writes all its parameters into WriteHash (the activation and its k, eps,
// the class weights). A [CombAct] keeps its rules and activity mask as state
// that may change between runs without recompiling; its hash therefore holds
// a unique instance id instead of the rules, which would be stale once the
// node hash is cached.
//
// # Hash collisions
//
// Gorgonia identifies a node by a 32-bit FNV hash of its op, type, shape and
// children's hashes (of its name, for an input), in two places:
//
//   - ExprGraph.AddNode, where ApplyOp's new node meets an existing one of
//     equal hash, returns the existing node if the op hashes, types, shapes
//     and numbers of children agree, without comparing the children;
//   - the TapeMachine's compiler numbers values by hash alone (its common
//     subexpression elimination): of two nodes with equal hashes, one is
//     never computed and its readers get the other's value (open upstream
//     as gorgonia/gorgonia pull request 581, which would add the AddNode
//     comparison, children still uncompared, to it).
//
// Random 32-bit hashes would make two of a graph's twenty-odd nodes collide
// about once in twenty million graphs, and scans found none (session 41:
// 230,400 LinAtt graphs, every batch 1–128, 1–300 features, 2–4 classes;
// 288,000 CatInt graphs of 562 shapes and many instance ids). But a
// CombAct's instance id (a process-wide counter) is part of the hashes, so
// whether a graph collides depends on what the process built before, and
// a long bench that reaches an unlucky id at the same table in run after
// run meets the same collision there (three runs of eight). A collision
// does not fail loudly: two same-shaped inputs whose names collide make
// the machine compute softmax(b) where the graph says softmax(a)
// (model/internal/graph's TestGorgoniaMergesCollidingNodes).
//
// Every builder of this package therefore checks the node ApplyOp returns
// (it must read every child it was given) and returns ErrHashCollision
// otherwise, also inside SymDiff, where gorgonia.Grad hides the sentinel
// from errors.Is ([GradError] finds it again); model/internal/graph checks
// that the finished graph's hashes are distinct before compiling it, and
// builds the graph again with other input names when either check fails.
//
// # Built-ins we do not use
//
//   - gorgonia.ByIndices as the gather of CombAct: its gradient along axis 1
//     is wrong when there are more indices than columns or an index is at
//     least the number of indices (the tensor engine mixes up the two
//     shapes). CombAct gathers and scatters by itself.
//   - gorgonia.Dropout: its gradient divides by p instead of 1−p, and p is
//     not part of its hash. Pass a mask input refilled each batch with
//     Bernoulli(1−p)/(1−p) to MaskedSoftmaxRows instead.
//   - gorgonia.Mul followed by BroadcastAdd for a dense layer: five
//     instructions (a product, a reshape, a repeat, an add and a flush) and
//     two transposed products in the backward pass, each allocating; Affine
//     is one op with three small gradient ops.
//   - gorgonia.SoftMax and LogSoftMax: the max they subtract starts from the
//     first element of the whole tensor, not of each row, so a row whose
//     logits all lie far below that element underflows to 0/0 = NaN (for
//     x = [[1000, 0], [0, 1]] the second row is NaN); and the two ops hash
//     alike (the log flag is not hashed), so building both on the same node
//     silently returns one for the other. SoftmaxRows and
//     SoftmaxCrossEntropy subtract each row's own maximum and hash apart.
package ops
