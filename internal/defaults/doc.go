// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package defaults resolves configuration structs whose zero value means
// "the default": model.Config, rulesearch.Config and train.Config each
// replace their zero fields through IfZero in their Resolved method.
package defaults
