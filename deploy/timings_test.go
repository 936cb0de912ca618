package deploy

import "testing"

func TestWithoutTimings(t *testing.T) {
	for _, tc := range []struct {
		name       string
		a, b       string
		wantEquals bool
	}{
		{"markdown fit column differs",
			"| gate | reps | macro-F1 | fit s |\n|---|---:|---:|---:|\n| xor | 2 | 1.000 ± 0.000 | 0.39 |\n",
			"| gate | reps | macro-F1 | fit s |\n|---|---:|---:|---:|\n| xor | 2 | 1.000 ± 0.000 | 10.25 |\n", true},
		{"markdown score differs",
			"| gate | reps | macro-F1 | fit s |\n|---|---:|---:|---:|\n| xor | 2 | 1.000 ± 0.000 | 0.39 |\n",
			"| gate | reps | macro-F1 | fit s |\n|---|---:|---:|---:|\n| xor | 2 | 0.990 ± 0.000 | 0.39 |\n", false},
		{"inline seconds and alignment",
			"accuracy 1.0000 ± 0.0000 (mean over 25 folds, 14.1s)\nrepeat  fold\n1       1\n",
			"accuracy 1.0000 ± 0.0000 (mean over 25 folds, 2.3s)\nrepeat fold\n1 1\n", true},
		{"accuracy differs in text",
			"accuracy 1.0000 ± 0.0000 (mean over 25 folds, 14.1s)\n",
			"accuracy 0.9600 ± 0.0000 (mean over 25 folds, 14.1s)\n", false},
		{"fold count differs",
			"mean over 25 folds, 1s\n", "mean over 24 folds, 1s\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := withoutTimings(tc.a) == withoutTimings(tc.b)
			if got != tc.wantEquals {
				t.Errorf("withoutTimings equal = %v, want %v\na: %q\nb: %q", got, tc.wantEquals, withoutTimings(tc.a), withoutTimings(tc.b))
			}
		})
	}
}
