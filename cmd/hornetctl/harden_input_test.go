// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hornets-go/hornets/model/modelfile"
)

// Issue 8 (hardening), the input half: bounded reads, cancellable reads,
// and messages that point at the cause.

// oneLineNaming checks that stderr is exactly one "hornetctl: " line that
// contains want and is of readable length.
func oneLineNaming(t *testing.T, stderr, want string) {
	t.Helper()
	if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") || !strings.HasPrefix(stderr, "hornetctl: ") {
		t.Errorf("stderr is not one line starting with \"hornetctl: \":\n%.500s", stderr)
	}
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr\ngot  %.500q\nwant it to contain %q", stderr, want)
	}
	if len(stderr) > 400 {
		t.Errorf("stderr is %d bytes long:\n%.500s", len(stderr), stderr)
	}
}

// editModel writes a copy of the model at src with edit applied to its
// JSON object, resealed with a fresh checksum (modelfile.Reseal) so that
// the check under test is reached, and returns its path.
func editModel(t *testing.T, src string, edit func(m map[string]any)) string {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "checksum")
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if out, err = modelfile.Reseal(out); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func encoderOf(m map[string]any) map[string]any {
	return m["meta"].(map[string]any)["encoder"].(map[string]any)
}

// TestHardenInputMessages: each bad input exits 1 (data or model error) or
// 2 (usage error) with one line naming the file, line, column or flag.
func TestHardenInputMessages(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	huge := write("huge.csv", "a,b,label\n1e308,0,x\n1.5e308,1,y\n1e308,0,x\n")
	bigCell := write("bigcell.csv", "a,b,label\n1,"+strings.Repeat("z", 10<<20)+",x\n0,1,y\n")
	longCell := write("longcell.csv", "a,b,label\n1,"+strings.Repeat("z", 100<<10)+",x\n0,1,y\n1,1,x\n")
	rows := write("rows.csv", "a,b,label\n"+strings.Repeat("1,0,x\n0,1,y\n", 1<<19))
	index := write("index.svm", "0 72222222:0")
	index2 := write("index2.svm", "1 1:1\n0 67108864:1\n")
	noLabel := write("nolabel.csv", "f0,f1,f2,f3,f4,f5,f6,f7\n1,0,1,0,1,0,1,0\n")
	labelIsFeature := editModel(t, fx("xor.json"), func(m map[string]any) { encoderOf(m)["label"] = "f0" })
	unnamed := editModel(t, fx("xor.json"), func(m map[string]any) {
		encoderOf(m)["columns"].([]any)[0].(map[string]any)["name"] = ""
	})
	dupClasses := editModel(t, fx("xor.json"), func(m map[string]any) { m["meta"].(map[string]any)["classes"] = []any{"0", "0"} })
	badTrain := editModel(t, fx("xor.json"), func(m map[string]any) {
		m["meta"].(map[string]any)["train"].(map[string]any)["batch_size"] = -4
	})
	negBatches := editModel(t, fx("xor.json"), func(m map[string]any) { m["trained_batches"] = []any{-1, 3} })
	nullWeights := editModel(t, fx("xor.json"), func(m map[string]any) { m["catint"].(map[string]any)["W"] = nil })
	literalName := editModel(t, fx("xor.json"), func(m map[string]any) {
		lit := m["decision_list"].(map[string]any)["rules"].([]any)[0].(map[string]any)["literals"].([]any)[0].(map[string]any)
		lit["name"] = "bogus"
	})
	dupNames := editModel(t, fx("xor.json"), func(m map[string]any) {
		names := m["feature_names"].([]any)
		names[1] = names[0]
	})
	metaKey := editModel(t, fx("xor.json"), func(m map[string]any) { m["meta"].(map[string]any)["colour"] = 1 })
	train := func(data string, more ...string) []string {
		return append([]string{"train", "--data", data, "--out", filepath.Join(dir, "m.json"), "--epochs", "2", "--quiet"}, more...)
	}
	// A continuous-route model, and rows whose values overflow it (the
	// standardised 1.7e308 is infinite): an error naming the data row.
	var contRows strings.Builder
	contRows.WriteString("a,b,label\n")
	for i := range 24 {
		fmt.Fprintf(&contRows, "%.2f,%.2f,%c\n", 0.1*float64(i%7)+0.03*float64(i), 1.3-0.05*float64(i), "xy"[i%2])
	}
	cont := write("cont.csv", contRows.String())
	contModel := filepath.Join(dir, "cont.json")
	if r := runCLI(t, context.Background(), "train", "--data", cont, "--out", contModel, "--epochs", "2", "--quiet"); r.code != 0 {
		t.Fatalf("train on cont.csv: exit %d: %s", r.code, r.stderr)
	}
	far := write("far.csv", "a,b,label\n0.5,1,x\n1.7e308,1,y\n")
	joined := write("joined.csv", "a,b,label\n0,1,x\n1,0,y\na,b,label\n1,1,x\n")
	hugeWeights := editModel(t, contModel, func(m map[string]any) {
		w := m["linatt"].(map[string]any)["W"].([]any)
		for i := range w {
			w[i] = 1.7e308
		}
	})
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"overflowing column is a data error", train(huge), 1, `huge.csv: column "a": values too large`},
		{"overflowing column, small lr", train(huge, "--lr", "1e-9"), 1, `huge.csv: column "a": values too large`},
		{"10 MB cell", train(bigCell), 1, "bigcell.csv:2: line too long: line longer than 1 MiB"},
		{"100 KB cell is cut in messages", []string{"eval", "--data", longCell, "--model", fx("xor.json")}, 1, `longcell.csv: column "f0": column not found`},
		{"huge LibSVM index", train(index, "--data-format", "libsvm"), 1, `index.svm:1: "72222222:0" has an index above the limit of 1048576 features`},
		{"LibSVM index 2^26", train(index2, "--data-format", "libsvm"), 1, `index2.svm:2: "67108864:1" has an index above the limit`},
		{"max-input-mb raises the limit in the message", train(rows, "--max-input-mb", "5"), 1, "rows.csv:46813: input too large: more than 46811 rows × 3 columns, past the limit of 327680 cells, a row counting 4 cells more than its columns (raise the limit with --max-input-mb)"},
		{"max-input-mb 0", train(fx("train.csv"), "--max-input-mb", "0"), 2, "invalid --max-input-mb 0: want 1 to 1048576"},
		{"max-input-mb past any machine's memory", train(fx("train.csv"), "--max-input-mb", "1048576"), 2, "invalid --max-input-mb 1048576: reading that much may take about 2048 GiB, more than the "},
		{"a second file's header among the rows", train(joined), 1, "joined.csv:4: bad header: the row repeats the header (two CSV files joined into one?); remove it"},
		{"eval without label column", []string{"eval", "--data", noLabel, "--model", fx("xor.json")}, 1, `nolabel.csv: column "label": column not found: the label column is required (only prediction reads data without labels)`},
		{"missing model file", []string{"rules", "--model", filepath.Join(dir, "nope.json")}, 1, "nope.json: no such file or directory"},
		{"model from stdin", []string{"predict", "--data", fx("test.csv"), "--model", "-"}, 2, "invalid --model -: a model is read from a file (standard input is for --data)"},
		{"encoder label equals a feature", []string{"rules", "--model", labelIsFeature}, 1, `edited.json: model: bad model file: data: invalid encoder: column "f0" is also the label`},
		{"encoder column without name", []string{"eval", "--data", fx("test.csv"), "--model", unnamed}, 1, "edited.json: model: bad model file: data: invalid encoder: column 1 has no name"},
		{"duplicate classes", []string{"rules", "--model", dupClasses}, 1, `edited.json: model: bad model file: class label "0" is listed twice`},
		{"invalid training settings", []string{"rules", "--model", badTrain}, 1, "edited.json: model: bad model file: training settings: train: invalid configuration: batch size = -4"},
		{"negative batch counts", []string{"rules", "--model", negBatches}, 1, "edited.json: model: bad model file: negative batch counts"},
		{"null weights", []string{"rules", "--model", nullWeights}, 1, "edited.json: model: bad model file: tensor catint.W has 0 values"},
		{"a rule literal naming another feature", []string{"rules", "--model", literalName}, 1, `"bogus", but that feature is "f`},
		{"two features of one name", []string{"eval", "--data", fx("test.csv"), "--model", dupNames}, 1, `edited.json: model: bad model file: features 0 and 1 are both named "f`},
		{"an unknown metadata key", []string{"rules", "--model", metaKey}, 1, `edited.json: model: bad model file: metadata: json: unknown field "colour"`},
		{"predict: values overflowing the model", []string{"predict", "--data", far, "--model", contModel, "--proba"}, 1, `far.csv: data row 2: model: values too large for the network: the output is not finite; its value a = 1.7e+308 is too far outside the training rows' range`},
		{"predict: a model whose weights overflow", []string{"predict", "--data", cont, "--model", hugeWeights}, 1, `cont.csv: data row 1: model: values too large for the network: the output is not finite though the row's values are within`},
		{"eval: values overflowing the model", []string{"eval", "--data", far, "--model", contModel}, 1, `far.csv: data row 2: model: values too large for the network`},
		{"dropout -1", train(fx("train.csv"), "--dropout", "-1"), 2, "invalid --dropout -1: want 0 <= p < 1 (0 for none)"},
		{"dropout 1", train(fx("train.csv"), "--dropout", "1"), 2, "invalid --dropout 1: want 0 <= p < 1 (0 for none)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := runCLI(t, context.Background(), tt.args...)
			if r.code != tt.code {
				t.Errorf("exit code\ngot  %d\nwant %d\nstderr: %.500s", r.code, tt.code, r.stderr)
			}
			oneLineNaming(t, r.stderr, tt.want)
			for _, bad := range []string{"TransformUnlabelled", "learning rate", "ErrDiverged"} {
				if strings.Contains(r.stderr, bad) {
					t.Errorf("stderr names %q:\n%s", bad, r.stderr)
				}
			}
		})
	}
}

// TestHardenInputFIFO: a FIFO with no writer blocks open(2) forever; the
// read is abandoned on cancel, and the command exits 130 at once.
func TestHardenInputFIFO(t *testing.T) {
	fixtures(t)
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"train --data", []string{"train", "--data", fifo, "--out", filepath.Join(t.TempDir(), "m.json")}},
		{"cv --data", []string{"cv", "--data", fifo, "--data-format", "libsvm"}},
		{"predict --data", []string{"predict", "--data", fifo, "--model", fx("xor.json")}},
		{"rules --model", []string{"rules", "--model", fifo}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			start := time.Now()
			r := runCLI(t, ctx, tt.args...)
			if d := time.Since(start); d > 1200*time.Millisecond {
				t.Errorf("returned %v after the start, want within 1 s of the cancel", d)
			}
			if r.code != exitInterrupted {
				t.Errorf("exit code\ngot  %d\nwant %d\nstderr: %s", r.code, exitInterrupted, r.stderr)
			}
			oneLineNaming(t, r.stderr, "reading "+fifo+" interrupted")
		})
	}
}

// hornetctlBinary builds hornetctl once per test into a temporary
// directory.
func hornetctlBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds hornetctl and runs it on big inputs; skipped with -short")
	}
	bin := filepath.Join(t.TempDir(), "hornetctl")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// writeGzip writes n bytes of the repeated pattern, gzip compressed, to
// path.
func writeGzip(t *testing.T, path string, pattern string, n int64) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw, err := gzip.NewWriterLevel(f, gzip.BestSpeed)
	if err != nil {
		t.Fatal(err)
	}
	block := bytes.Repeat([]byte(pattern), (1<<20)/len(pattern))
	for w := int64(0); w < n; w += int64(len(block)) {
		if _, err := zw.Write(block); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

var maxRSS = regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`)

// TestHardenInputBounded runs hornetctl as a subprocess on inputs that
// used to take gigabytes or never end: each must fail within 10 s, with
// the address space limited to 2 GiB (prlimit), and a peak RSS under
// 1 GiB when /usr/bin/time is there to measure it.
func TestHardenInputBounded(t *testing.T) {
	bin := hornetctlBinary(t)
	prlimit, errP := exec.LookPath("prlimit")
	gnuTime := "/usr/bin/time"
	if _, err := os.Stat(gnuTime); err != nil {
		gnuTime = ""
	}
	if errP != nil && gnuTime == "" {
		t.Skip("neither prlimit nor /usr/bin/time is installed: memory cannot be bounded or measured")
	}
	dir := t.TempDir()
	zeros := filepath.Join(dir, "zeros.gz")
	writeGzip(t, zeros, "\x00", 1<<30) // 1 GiB of NUL bytes: ~1 MB
	text := filepath.Join(dir, "text.gz")
	writeGzip(t, text, "1,2,3,4\n", 1<<30) // 1 GiB of rows
	svm := filepath.Join(dir, "index.svm")
	if err := os.WriteFile(svm, []byte("0 72222222:0"), 0o644); err != nil {
		t.Fatal(err)
	}
	bigModel := filepath.Join(dir, "big.json")
	if err := os.WriteFile(bigModel, []byte(`{"format":"hornets-go model","version":4,"x":"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(bigModel, 1<<30); err != nil { // sparse
		t.Fatal(err)
	}
	// Endless inputs: FIFOs fed by this process until the reader goes.
	endless := func(name string, pattern string) string {
		path := filepath.Join(dir, name)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		go func() {
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			defer f.Close()
			block := bytes.Repeat([]byte(pattern), 4096)
			for {
				if _, err := f.Write(block); err != nil {
					return
				}
			}
		}()
		return path
	}
	out := filepath.Join(dir, "m.json")
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"gzip bomb of zeros", []string{"train", "--data", zeros, "--out", out}, "zeros.gz:1: binary content, not text: NUL byte at byte 0"},
		{"gzip bomb of rows", []string{"train", "--data", text, "--out", out}, "text.gz:2097154: input too large: more than 2097152 rows × 4 columns"},
		{"gzip bomb of rows, --max-input-mb 16", []string{"train", "--data", text, "--out", out, "--max-input-mb", "16"}, "text.gz:131074: input too large: more than 131072 rows × 4 columns"},
		{"endless rows", []string{"train", "--data", endless("rows", "1,0\n"), "--out", out}, "input too large"},
		{"endless line", []string{"cv", "--data", endless("line", "1"), "--data-format", "libsvm"}, "line:1: line too long"},
		{"huge LibSVM index", []string{"train", "--data", svm, "--data-format", "libsvm", "--out", out}, `index.svm:1: "72222222:0" has an index above the limit`},
		{"1 GiB model file", []string{"rules", "--model", bigModel}, "big.json: model: bad model file: 1024 MiB, larger than 64 MiB"},
		{"endless model", []string{"rules", "--model", endless("model", " ")}, "model: bad model file: larger than 64 MiB"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var argv []string
			if errP == nil {
				// 2 GiB of address space: Go reserves well beyond what it
				// touches; the 1 GiB bound is on the peak RSS below.
				argv = append(argv, prlimit, "--as=2147483648")
			}
			if gnuTime != "" {
				argv = append(argv, gnuTime, "-v")
			}
			argv = append(argv, bin)
			argv = append(argv, tt.args...)
			// Bounded time is checked on the CPU time the command used (its
			// waited-for children included), which a loaded machine does not
			// stretch; the wall-clock limit only stops a runaway.
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
			var stderr bytes.Buffer
			cmd.Stderr, cmd.Stdout = &stderr, io.Discard
			start := time.Now()
			err := cmd.Run()
			took := time.Since(start)
			if ctx.Err() != nil {
				t.Fatalf("still running after 120 s")
			}
			if cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); cpu > 10*time.Second {
				t.Errorf("used %v of CPU, want at most 10 s", cpu)
			}
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			lines := stderr.String()
			kb := ""
			if gnuTime != "" {
				if m := maxRSS.FindStringSubmatch(lines); m != nil {
					kb = m[1]
				}
				// time -v appends its report after the program's output.
				if i := strings.Index(lines, "\tCommand being timed"); i >= 0 {
					lines = lines[:i]
				}
				lines = strings.TrimPrefix(lines, "Command exited with non-zero status "+strconv.Itoa(code)+"\n")
				if i := strings.Index(lines, "Command exited with non-zero status"); i >= 0 {
					lines = lines[:i]
				}
			}
			t.Logf("%s: exit %d in %v, peak RSS %s KiB", tt.name, code, took.Round(time.Millisecond), kb)
			if code != exitError {
				t.Errorf("exit code\ngot  %d\nwant %d\nstderr: %s", code, exitError, stderr.String())
			}
			oneLineNaming(t, lines, tt.want)
			if kb != "" {
				if n, _ := strconv.Atoi(kb); n > 1<<20 {
					t.Errorf("peak RSS %d KiB, above 1 GiB", n)
				}
			}
		})
	}
}

// TestHardenSideFiles: the small files flags name beside the data (tune's
// --grid, bench real's --baselines) are read only when regular and within
// a bound: a FIFO with no writer is refused at once instead of blocking,
// and a device that never ends (a twin of /dev/zero made here) instead
// of filling the memory.
func TestHardenSideFiles(t *testing.T) {
	fixtures(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(dir, "zero")
	if err := syscall.Mknod(zero, syscall.S_IFCHR|0o666, 1<<8|5); err != nil {
		t.Skipf("mknod %s: %v (needs root)", zero, err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, maxGridBytes+1); err != nil { // sparse
		t.Fatal(err)
	}
	tables := t.TempDir()
	for _, name := range []string{"a.csv", "b.csv"} {
		raw, err := os.ReadFile(fx("train.csv"))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(tables, name), raw, 0o644)
	}
	tune := func(grid string) []string {
		return []string{"tune", "--data", fx("train.csv"), "--folds", "2", "--epochs", "1", "--grid", grid}
	}
	bench := func(baselines string) []string {
		return []string{"bench", "real", "--data", tables, "--folds", "2", "--epochs", "1", "--baselines", baselines}
	}
	for _, tt := range []struct {
		name string
		args []string
		want string
	}{
		{"grid FIFO", tune(fifo), "--grid: " + fifo + ": not a regular file"},
		{"grid device", tune(zero), "--grid: " + zero + ": not a regular file"},
		{"grid too large", tune(big), "--grid: " + big + ": larger than 64 MiB; a --grid file is a JSON list of configurations"},
		{"baselines FIFO", bench(fifo), "--baselines: " + fifo + ": not a regular file"},
		{"baselines device", bench(zero), "--baselines: " + zero + ": not a regular file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r := runCLI(t, ctx, tt.args...)
			if r.code != 1 {
				t.Errorf("exit code %d, want 1\nstderr: %s", r.code, r.stderr)
			}
			oneLineNaming(t, r.stderr, tt.want)
		})
	}
}

// TestTrainWarnsOfMixedColumn: a column of numbers with a few words in it
// is one-hot encoded, one feature per number; train says so and how to
// keep it numeric, and --categorical naming it, or -q, silences that. A
// "?" among numbers is a missing value, not a word.
func TestTrainWarnsOfMixedColumn(t *testing.T) {
	t.Parallel()
	var mixed, qmark strings.Builder
	mixed.WriteString("x,label\n")
	qmark.WriteString("x,label\n")
	for i := range 40 {
		x, q := strconv.Itoa(i), strconv.Itoa(i)
		if i%10 == 3 {
			x, q = "unknown", "?"
		}
		fmt.Fprintf(&mixed, "%s,%d\n", x, i%2)
		fmt.Fprintf(&qmark, "%s,%d\n", q, i%2)
	}
	dir := t.TempDir()
	mixedPath, qmarkPath := filepath.Join(dir, "mixed.csv"), filepath.Join(dir, "qmark.csv")
	os.WriteFile(mixedPath, []byte(mixed.String()), 0o644)
	os.WriteFile(qmarkPath, []byte(qmark.String()), 0o644)
	const warning = `column "x" holds 36 distinct numbers but also "unknown", so it is one-hot encoded`
	for _, tc := range []struct {
		name string
		args []string
		warn bool
	}{
		{"mixed", []string{"--data", mixedPath}, true},
		{"mixed, --categorical x", []string{"--data", mixedPath, "--categorical", "x"}, false},
		{"mixed, -q", []string{"--data", mixedPath, "-q"}, false},
		{"? among numbers", []string{"--data", qmarkPath}, false},
	} {
		modelPath := filepath.Join(dir, "m.json")
		r := mustRun(t, append([]string{"train", "--epochs", "2", "--out", modelPath}, tc.args...)...)
		if strings.Contains(r.stderr, warning) != tc.warn {
			t.Errorf("%s: stderr\n%s\nwant the warning %v", tc.name, r.stderr, tc.warn)
		}
		if tc.name == "? among numbers" {
			raw, _ := os.ReadFile(modelPath)
			if !bytes.Contains(raw, []byte(`{"name":"x","kind":"numeric"`)) {
				t.Errorf("%s: column x is not numeric in the model:\n%.300s", tc.name, raw)
			}
		}
	}
}

// TestTrainWarnsOfFewContinuous: a table of 0/1 flags with one continuous
// column takes the continuous route (no interaction rules); train says
// which column, and says nothing for the flags alone or a continuous
// table.
func TestTrainWarnsOfFewContinuous(t *testing.T) {
	t.Parallel()
	var flags, withAge, cont strings.Builder
	flags.WriteString("a,b,c,d,y\n")
	withAge.WriteString("a,b,c,d,age,y\n")
	cont.WriteString("u,v,w,y\n")
	for i := range 40 {
		a, b, c, d := i%2, i/2%2, i/4%2, i/8%2
		fmt.Fprintf(&flags, "%d,%d,%d,%d,%d\n", a, b, c, d, a^b)
		fmt.Fprintf(&withAge, "%d,%d,%d,%d,%d,%d\n", a, b, c, d, 20+i, a^b)
		fmt.Fprintf(&cont, "%d.5,%d,%d,%d\n", i, i*i%7, i%5, a^b)
	}
	dir := t.TempDir()
	const warning = `4 of 5 features are 0/1 but "age" is not, so the table takes the continuous route`
	for _, tc := range []struct {
		name, csv string
		warn      bool
	}{{"flags and an age", withAge.String(), true}, {"flags", flags.String(), false}, {"continuous", cont.String(), false}} {
		path := filepath.Join(dir, "t.csv")
		os.WriteFile(path, []byte(tc.csv), 0o644)
		r := mustRun(t, "train", "--data", path, "--epochs", "2", "--out", filepath.Join(dir, "m.json"))
		if strings.Contains(r.stderr, warning) != tc.warn || !tc.warn && strings.Contains(r.stderr, "continuous route (a linear") {
			t.Errorf("%s: stderr\n%s\nwant the warning %v", tc.name, r.stderr, tc.warn)
		}
	}
}

// TestTrainWarnsOfDosageCodes: columns of the codes 0, 1 and 2 (genotypes)
// are read as numbers, so the table takes the continuous route; train
// names --categorical '*', and says nothing where the codes are others
// (-2/0/2), where it was given, or where most columns are continuous.
func TestTrainWarnsOfDosageCodes(t *testing.T) {
	t.Parallel()
	table := func(cols int, code func(i, j int) string, extra int) string {
		var b strings.Builder
		for j := range cols {
			fmt.Fprintf(&b, "s%d,", j)
		}
		for j := range extra {
			fmt.Fprintf(&b, "x%d,", j)
		}
		b.WriteString("y\n")
		for i := range 60 {
			for j := range cols {
				b.WriteString(code(i, j) + ",")
			}
			for j := range extra {
				fmt.Fprintf(&b, "%d.%d,", (i*7+j)%13, i%10)
			}
			fmt.Fprintf(&b, "%d\n", (i%3+i/3%3)%2)
		}
		return b.String()
	}
	dosage := func(i, j int) string { return fmt.Sprint((i*(j+1) + i/3 + j) % 3) } // every code in every column
	withNA := func(i, j int) string {
		if i == 5 && j == 2 {
			return "NA"
		}
		return dosage(i, j)
	}
	levels := func(i, j int) string { return fmt.Sprint(2 * ((i*(j+1)+i/3+j)%3 - 1)) }
	dir := t.TempDir()
	const warning = `30 of 30 features hold the codes 0, 1 and 2 (genotypes?)`
	for _, tc := range []struct {
		name, csv string
		args      []string
		warn      string
	}{
		{"0/1/2 codes", table(30, dosage, 0), nil, warning},
		{"0/1/2 codes, a missing cell", table(30, withNA, 0), nil, warning},
		{"0/1/2 codes and two continuous columns", table(30, dosage, 2), nil, "30 of 32 features hold the codes"},
		{"0/1/2 codes, --categorical '*'", table(30, dosage, 0), []string{"--categorical", "*"}, ""},
		{"-2/0/2 levels", table(30, levels, 0), nil, ""},
		{"0/1/2 codes and ten continuous columns", table(30, dosage, 10), nil, ""},
	} {
		path := filepath.Join(dir, strings.NewReplacer(" ", "_", "/", "_", "'", "", "*", "").Replace(tc.name)+".csv")
		if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"train", "--data", path, "--epochs", "1", "--out", path + ".json"}, tc.args...)
		r := mustRun(t, args...)
		got := strings.Contains(r.stderr, "(genotypes?)")
		flags := strings.Contains(r.stderr, "--categorical '*'") && strings.Contains(r.stderr, "--binarise '*'")
		if got != (tc.warn != "") || tc.warn != "" && (!strings.Contains(r.stderr, tc.warn) || !flags) {
			t.Errorf("%s: stderr\n%s\nwant the warning %q", tc.name, r.stderr, tc.warn)
		}
	}
}

// TestWarningsNameTheFileOnOneLine: a warning names its file through
// oneLine, so a newline in the file's name cannot split it (the file of
// flags and an age, and the table of genotype codes, warned in two lines).
func TestWarningsNameTheFileOnOneLine(t *testing.T) {
	t.Parallel()
	var withAge, dosage strings.Builder
	withAge.WriteString("a,b,c,d,age,y\n")
	dosage.WriteString("s0,s1,s2,s3,y\n")
	for i := range 40 {
		a, b, c, d := i%2, i/2%2, i/4%2, i/8%2
		fmt.Fprintf(&withAge, "%d,%d,%d,%d,%d,%d\n", a, b, c, d, 20+i, a^b)
		fmt.Fprintf(&dosage, "%d,%d,%d,%d,%d\n", i%3, i/3%3, (i+1)%3, i/2%3, a^b)
	}
	dir := t.TempDir()
	for _, tc := range []struct{ name, csv, want string }{
		{"flags and an age", withAge.String(), "are 0/1 but"},
		{"genotype codes", dosage.String(), "(genotypes?)"},
	} {
		path := filepath.Join(dir, tc.name+"\nsecond line.csv")
		if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		r := mustRun(t, "train", "--data", path, "--epochs", "1", "--out", filepath.Join(dir, "m.json"))
		found := false
		for _, line := range strings.Split(r.stderr, "\n") {
			if strings.Contains(line, tc.want) {
				found = true
				if !strings.HasPrefix(line, "hornetctl: warning: ") || !strings.Contains(line, "second line.csv") {
					t.Errorf("%s: the warning is not one line naming the file:\n%s", tc.name, r.stderr)
				}
			}
		}
		if !found {
			t.Errorf("%s: stderr\n%s\nwant a warning containing %q", tc.name, r.stderr, tc.want)
		}
	}
}

// TestTrainBinarise: --binarise codes a continuous column beside 0/1
// flags as thresholds at its training quartiles, so the table takes the
// categorical route (no warning) and the rules test the thresholds; a
// column that is not there, or LibSVM input, is an error naming the flag
// or column, and the warning of a continuous column names the flag.
func TestTrainBinarise(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("a,b,c,age,y\n")
	for i := range 80 {
		a, bb, c, age := i%2, i/2%2, i/4%2, 20+(i*37)%60
		y := 0
		if a == 1 && age > 50 {
			y = 1
		}
		fmt.Fprintf(&b, "%d,%d,%d,%d,%d\n", a, bb, c, age, y)
	}
	dir := t.TempDir()
	path, m := filepath.Join(dir, "t.csv"), filepath.Join(dir, "m.json")
	os.WriteFile(path, []byte(b.String()), 0o644)
	r := mustRun(t, "train", "--data", path, "--epochs", "2", "--out", m)
	if !strings.Contains(r.stderr, `drop it or binarise it (--binarise age)`) {
		t.Errorf("without --binarise: stderr\n%s\nwant the warning naming --binarise", r.stderr)
	}
	r = mustRun(t, "train", "--data", path, "--seed", "1", "--binarise", "age", "--out", m)
	if !strings.Contains(r.stdout, "categorical route") || strings.Contains(r.stderr, "continuous route") {
		t.Errorf("with --binarise age: stdout %s\nstderr %s\nwant the categorical route and no warning", r.stdout, r.stderr)
	}
	rules := mustRun(t, "rules", "--model", m).stdout
	if !strings.Contains(rules, "age > ") || !strings.Contains(rules, "fidelity 1.000") {
		t.Errorf("rules:\n%s\nwant a threshold on age and fidelity 1.000", rules)
	}
	if ev := mustRun(t, "eval", "--model", m, "--data", path).stdout; !strings.Contains(ev, "route:    categorical") {
		t.Errorf("eval:\n%s", ev)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no such column", []string{"--binarise", "nope"}, `column "nope"`},
		{"libsvm", []string{"--binarise", "age", "--data-format", "libsvm"}, "--binarise applies to CSV input only"},
	} {
		r := runCLI(t, context.Background(), append([]string{"train", "--data", path, "--out", filepath.Join(dir, "x.json")}, tc.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q; want one line naming %s", tc.name, r.code, r.stderr, tc.want)
		}
	}
}

// TestTrainWarnsOfManyClasses: a label with more classes than half the
// rows (an identifier: every row its own class) makes a model that
// cannot generalise and slow epochs; train says so, and says nothing for
// a label of few classes, a tiny table or -q.
func TestTrainWarnsOfManyClasses(t *testing.T) {
	t.Parallel()
	table := func(rows int, label func(i int) string) string {
		var b strings.Builder
		b.WriteString("a,b,label\n")
		for i := range rows {
			fmt.Fprintf(&b, "%d,%d,%s\n", i%2, i/2%2, label(i))
		}
		return b.String()
	}
	dir := t.TempDir()
	const warning = "the label has 40 classes for 40 rows, so most classes have a single row, as if it were an identifier"
	for _, tc := range []struct {
		name, csv string
		args      []string
		warn      bool
	}{
		{"an identifier", table(40, func(i int) string { return fmt.Sprint("id", i) }), nil, true},
		{"an identifier, -q", table(40, func(i int) string { return fmt.Sprint("id", i) }), []string{"-q"}, false},
		{"two classes", table(40, func(i int) string { return fmt.Sprint(i % 2) }), nil, false},
		{"a tiny table", table(6, func(i int) string { return fmt.Sprint("id", i) }), nil, false},
	} {
		path := filepath.Join(dir, "t.csv")
		if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		r := mustRun(t, append([]string{"train", "--data", path, "--epochs", "2", "--out", filepath.Join(dir, "m.json")}, tc.args...)...)
		if strings.Contains(r.stderr, warning) != tc.warn || !tc.warn && strings.Contains(r.stderr, "as if it were an identifier") {
			t.Errorf("%s: stderr\n%s\nwant the warning %v", tc.name, r.stderr, tc.warn)
		}
	}
}

// TestTrainWarnsOfStrayGenotypeCodes: in a table of genotype codes 0, 1
// and 2, a column with a stray other value ("3", or a missing call
// written "./.") is named with the value; "./." in every column, which
// makes them one-hot encoded, is named so, without the warnings of a few
// continuous columns that then speak of the columns without one. Clean
// codes, 0/1 flags with a stray value and -2/0/2 levels are silent.
func TestTrainWarnsOfStrayGenotypeCodes(t *testing.T) {
	t.Parallel()
	table := func(cell func(i, j int) string) string {
		var b strings.Builder
		for j := range 30 {
			fmt.Fprintf(&b, "s%d,", j)
		}
		b.WriteString("y\n")
		for i := range 60 {
			for j := range 30 {
				b.WriteString(cell(i, j) + ",")
			}
			fmt.Fprintf(&b, "%d\n", (i%3+i/3%3)%2)
		}
		return b.String()
	}
	dosage := func(i, j int) string { return fmt.Sprint((i*(j+1) + i/3 + j) % 3) }
	with := func(base func(i, j int) string, value string, every bool) func(i, j int) string {
		return func(i, j int) string {
			if i == 7+j%5 && (every || j == 4) {
				return value
			}
			return base(i, j)
		}
	}
	flags := func(i, j int) string { return fmt.Sprint((i*(j+1) + i/3 + j) % 2) }
	levels := func(i, j int) string { return fmt.Sprint(2 * ((i*(j+1)+i/3+j)%3 - 1)) }
	dir := t.TempDir()
	for _, tc := range []struct {
		name, csv string
		args      []string
		warn      string // "" for no warning of stray codes
		not       string // a warning that must not be given
	}{
		{"a stray 3", table(with(dosage, "3", false)), nil, `1 of 30 columns holds the genotype codes 0, 1 and 2 but also other values: "3" in 1 column, 1 cell ("s4")`, ""},
		{"a stray 3, --categorical '*'", table(with(dosage, "3", false)), []string{"--categorical", "*"}, `"3" in 1 column, 1 cell ("s4")`, ""},
		{"a stray ./.", table(with(dosage, "./.", false)), nil, `"./." in 1 column, 1 cell ("s4"); the words make 1 column one-hot encoded`, ""},
		{"./. in every column", table(with(dosage, "./.", true)), nil, `30 of 30 columns hold the genotype codes 0, 1 and 2 but also other values: "./." in 30 columns, 30 cells`, "are 0/1 but"},
		{"clean codes", table(dosage), nil, "", ""},
		{"0/1 flags and a stray 5", table(with(flags, "5", false)), nil, "", ""},
		{"-2/0/2 levels and a stray 3", table(with(levels, "3", false)), nil, "", ""},
	} {
		path := filepath.Join(dir, strings.NewReplacer(" ", "_", "/", "_", "'", "", "*", "", ",", "").Replace(tc.name)+".csv")
		if err := os.WriteFile(path, []byte(tc.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"train", "--data", path, "--epochs", "1", "--out", path + ".json"}, tc.args...)
		r := mustRun(t, args...)
		got := strings.Contains(r.stderr, "but also other values")
		if got != (tc.warn != "") || tc.warn != "" && !strings.Contains(r.stderr, tc.warn) || tc.not != "" && strings.Contains(r.stderr, tc.not) {
			t.Errorf("%s: stderr\n%s\nwant the warning %q, not %q", tc.name, r.stderr, tc.warn, tc.not)
		}
	}
}

// TestOneHotPastCellsLimitNamesFlag: one-hot encoding genotype codes
// triples the features, so a table within the cells limit as read can
// pass it once encoded; train, cv and predict then name the flag that
// raises the limit, as they do for a table too large as read.
func TestOneHotPastCellsLimitNamesFlag(t *testing.T) {
	t.Parallel()
	table := func(rows int) string {
		var b strings.Builder
		for j := range 200 {
			fmt.Fprintf(&b, "s%d,", j)
		}
		b.WriteString("y\n")
		for i := range rows {
			for j := range 200 {
				fmt.Fprintf(&b, "%d,", (i*(j+1)+i/3+j)%3)
			}
			fmt.Fprintf(&b, "%d\n", i%2)
		}
		return b.String()
	}
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small.csv"), filepath.Join(dir, "big.csv")
	if err := os.WriteFile(small, []byte(table(40)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, []byte(table(200)), 0o644); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "m.json")
	mustRun(t, "train", "--data", small, "--categorical", "*", "--epochs", "1", "--out", model, "--max-input-mb", "1", "-q")
	const hint = "(raise the limit with --max-input-mb)"
	for _, args := range [][]string{
		{"train", "--data", big, "--categorical", "*", "--epochs", "1", "--out", filepath.Join(dir, "b.json"), "--max-input-mb", "1"},
		{"cv", "--data", big, "--categorical", "*", "--epochs", "1", "--max-input-mb", "1"},
		{"predict", "--data", big, "--model", model, "--max-input-mb", "1"},
	} {
		r := runCLI(t, context.Background(), args...)
		if r.code != 1 || !strings.Contains(r.stderr, "input too large") || strings.Count(r.stderr, hint) != 1 {
			t.Errorf("%s: exit %d, stderr\n%s\nwant exit 1 and one %q", args[0], r.code, r.stderr, hint)
		}
	}
}
