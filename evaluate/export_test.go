// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package evaluate

// SpeedPanel exports speedPanel to the external tests, which check its axes.
var SpeedPanel = speedPanel
