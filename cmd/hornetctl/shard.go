// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/hornets-go/hornets/data"
	"github.com/hornets-go/hornets/evaluate"
	"github.com/hornets-go/hornets/internal/atomicwrite"
	"github.com/hornets-go/hornets/model"
	"github.com/hornets-go/hornets/train"
)

// Environment variables that --shard auto reads the shard index from.
const (
	envSlurmArray = "SLURM_ARRAY_TASK_ID"  // a Slurm job array task
	envK8sIndex   = "JOB_COMPLETION_INDEX" // a Kubernetes Indexed Job pod
)

// shardOptions are the values of --shard, --shards, --results and --resume.
type shardOptions struct {
	Index, Count int    // shard Index of Count (from 0); Count is 0 without --shard
	Results      string // --results: a directory with --shard, else a file or a directory
	Resume       bool   // --resume: skip the units already in Results (implied by --shard)
}

func (s shardOptions) sharded() bool { return s.Count > 0 }

const catSweep = "Sweep"

// shardFlags are the flags of the commands whose work list can be split
// over machines and resumed: cv, tune, bench synthetic and bench real.
func shardFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "shard", Category: catSweep, Usage: "run only shard `I/N` (I from 0) of the work list, the units whose index is I mod N, appending each to --results DIR; " +
			"auto (with --shards N) takes I from " + envSlurmArray + " or " + envK8sIndex + "; combine the shards with hornetctl merge DIR"},
		&cli.IntFlag{Name: "shards", Category: catSweep, Usage: "the number of shards `N` of --shard auto", DefaultText: "none"},
		&cli.StringFlag{Name: "results", Category: catSweep, Usage: "append each finished unit as one JSON line to `PATH` as it finishes: with --shard the directory PATH " +
			"(file shard-I-of-N.jsonl, created with its parents); without, PATH is a file, or a directory (file shard-0-of-1.jsonl)"},
		&cli.BoolFlag{Name: "resume", Category: catSweep, Usage: "skip the units already in --results (a rerun of a --shard always does)", DisableDefaultText: true},
	}
}

// readShardFlags reads and checks shardFlags.
func readShardFlags(c *cli.Context) (shardOptions, error) {
	o := shardOptions{Results: c.String("results"), Resume: c.Bool("resume")}
	spec := strings.TrimSpace(c.String("shard"))
	switch {
	case spec == "" && c.IsSet("shards"):
		return o, usagef("--shards is the shard count of --shard auto: add --shard auto, or use --shard I/N")
	case spec == "":
	case strings.EqualFold(spec, "auto"):
		n := c.Int("shards")
		if n < 1 {
			return o, usagef("--shard auto needs --shards N, the number of shards (1 or more)")
		}
		name, v, ok := envSlurmArray, "", false
		if v, ok = os.LookupEnv(envSlurmArray); !ok {
			name = envK8sIndex
			v, ok = os.LookupEnv(envK8sIndex)
		}
		if !ok {
			return o, usagef("--shard auto: neither %s (Slurm job array) nor %s (Kubernetes Indexed Job) is set; give --shard I/N", envSlurmArray, envK8sIndex)
		}
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || i < 0 || i >= n {
			return o, usagef("--shard auto: %s=%q is not a shard of --shards %d (want 0..%d)", name, v, n, n-1)
		}
		o.Index, o.Count = i, n
	default:
		is, ns, found := strings.Cut(spec, "/")
		i, err1 := strconv.Atoi(is)
		n, err2 := strconv.Atoi(ns)
		if !found || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
			return o, usagef("invalid --shard %q: want I/N with 0 <= I < N (e.g. 0/4), or auto", spec)
		}
		if c.IsSet("shards") && c.Int("shards") != n {
			return o, usagef("--shards %d disagrees with --shard %s", c.Int("shards"), spec)
		}
		o.Index, o.Count = i, n
	}
	switch {
	case o.sharded() && o.Results == "":
		return o, usagef("--shard needs --results DIR, the directory the shards append their units to")
	case o.Resume && o.Results == "":
		return o, usagef("--resume needs --results, the file or directory of the interrupted run")
	}
	return o, nil
}

// shardFileName is the results file of shard i of n in its directory.
func shardFileName(i, n int) string { return fmt.Sprintf("shard-%d-of-%d.jsonl", i, n) }

// parseShardFileName is the inverse of shardFileName.
func parseShardFileName(name string) (i, n int, ok bool) {
	var extra string
	if k, err := fmt.Sscanf(name, "shard-%d-of-%d.jsonl%s", &i, &n, &extra); k != 2 || err != io.EOF && err != nil {
		return 0, 0, false
	}
	return i, n, name == shardFileName(i, n) && n >= 1 && i >= 0 && i < n
}

// resultsFile returns the file that the units of o go to, creating its
// directory (and parents) if missing.
func (s shardOptions) resultsFile() (string, error) {
	dir, file := s.Results, ""
	switch {
	case s.sharded():
		file = filepath.Join(dir, shardFileName(s.Index, s.Count))
	case strings.HasSuffix(s.Results, string(filepath.Separator)) || strings.HasSuffix(s.Results, "/"):
		file = filepath.Join(dir, shardFileName(0, 1))
	default:
		if st, err := os.Stat(s.Results); err == nil && st.IsDir() {
			file = filepath.Join(dir, shardFileName(0, 1))
		} else {
			dir, file = filepath.Dir(s.Results), s.Results
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("--results: %w", pathError(err))
	}
	return file, nil
}

// sweepSpec is everything that defines a sweep: the command, its inputs
// (their content, by hash) and its settings, but not how it is run
// (--jobs, --shard) or printed (--format, --out). Its hash, the
// fingerprint, is on every line of the results, and the spec itself is
// kept beside them (sweep-FINGERPRINT.json) for merge.
type sweepSpec struct {
	Version   int                       `json:"version"` // of this layout: 1
	Command   string                    `json:"command"` // cv, tune, bench synthetic, bench real
	Units     int                       `json:"units"`
	CV        *cvSpec                   `json:"cv,omitempty"`
	Tune      *tuneSpec                 `json:"tune,omitempty"`
	Synthetic *evaluate.SyntheticConfig `json:"synthetic,omitempty"`
	Real      *realSpec                 `json:"real,omitempty"`
}

const sweepSpecVersion = 1

// dataSpec is the table of cv and tune.
type dataSpec struct {
	Path        string   `json:"path"` // as printed
	Format      string   `json:"format"`
	Label       string   `json:"label,omitempty"`
	Categorical []string `json:"categorical,omitempty"`
	Binarise    []string `json:"binarise,omitempty"`
	NoBinarise  bool     `json:"no_binarise,omitempty"`
	Steps       []string `json:"steps,omitempty"`
	SHA256      string   `json:"sha256"` // of the parsed table
}

type cvSpec struct {
	Data    dataSpec     `json:"data"`
	Folds   int          `json:"folds"`
	Repeats int          `json:"repeats"`
	Seed    uint64       `json:"seed"`
	Model   model.Config `json:"model"`
	Train   train.Config `json:"train"`
}

type tuneSpec struct {
	Data       dataSpec             `json:"data"`
	Grid       string               `json:"grid"` // as printed
	Folds      int                  `json:"folds"`
	Repeats    int                  `json:"repeats"`
	Seed       uint64               `json:"seed"`
	Candidates []evaluate.Candidate `json:"candidates"`
	Skipped    []skippedEntry       `json:"skipped,omitempty"`
}

type realSpec struct {
	Files     []fileSpec                                 `json:"files"`
	Tests     []fileSpec                                 `json:"tests,omitempty"` // --test, in Files' order
	Datasets  []evaluate.BenchDataset                    `json:"datasets"`        // shapes
	Config    evaluate.BenchRealConfig                   `json:"config"`          // Jobs 0
	Baselines map[string]map[string][]evaluate.FoldScore `json:"baselines,omitempty"`
	Compare   string                                     `json:"compare"`
}

type fileSpec struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"` // of the parsed table
}

// fingerprint is the hash of the spec: two runs share it when they
// compute the same units.
func (s *sweepSpec) fingerprint() (string, []byte, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return "", nil, fmt.Errorf("describing the sweep: %w", err)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16]), raw, nil
}

// tableHash hashes the header and cells of t.
func tableHash(t *data.Table) string {
	h := sha256.New()
	for _, c := range t.Header {
		io.WriteString(h, c)
		h.Write([]byte{0x1f})
	}
	for _, row := range t.Rows {
		h.Write([]byte{0x1e})
		for _, c := range row {
			io.WriteString(h, c)
			h.Write([]byte{0x1f})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// datasetHash hashes the values, labels and classes of ds.
func datasetHash(ds *data.Dataset) string {
	h := sha256.New()
	var b [8]byte
	put := func(v uint64) { binary.LittleEndian.PutUint64(b[:], v); h.Write(b[:]) }
	put(uint64(ds.Rows))
	put(uint64(ds.Cols))
	for _, v := range ds.X {
		put(math.Float64bits(v))
	}
	for _, y := range ds.Y {
		put(uint64(y))
	}
	for _, c := range ds.Classes {
		io.WriteString(h, c)
		h.Write([]byte{0x1f})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// unitRecord is one line of a results file: the sweep and unit it belongs
// to, the unit's key fields (those its command has), and its result.
type unitRecord struct {
	Command       string `json:"command"`
	Sweep         string `json:"sweep"` // the fingerprint
	Unit          int    `json:"unit"`  // index in the work list, from 0
	Units         int    `json:"units"` // length of the work list
	Dataset       string `json:"dataset,omitempty"`
	Configuration *int   `json:"configuration,omitempty"`
	Model         string `json:"model,omitempty"`
	Repeat        *int   `json:"repeat,omitempty"`
	Fold          *int   `json:"fold,omitempty"`
	Positions     string `json:"positions,omitempty"`
	Activation    string `json:"activation,omitempty"`
	Gate          string `json:"gate,omitempty"`
	Features      *int   `json:"features,omitempty"`
	Rep           *int   `json:"rep,omitempty"`
	Seed          uint64 `json:"seed"`
	evaluate.UnitResult
}

func newRecord(command, sweep string, units int, u evaluate.Unit, res evaluate.UnitResult) unitRecord {
	r := unitRecord{Command: command, Sweep: sweep, Unit: u.Index, Units: units, Seed: u.Seed, UnitResult: res}
	p := func(v int) *int { return &v }
	switch command {
	case cmdBenchSynthetic:
		r.Positions, r.Activation, r.Gate, r.Features, r.Rep = u.Positions, u.Activation, u.Gate, p(u.Features), p(u.Rep)
	case cmdTune, cmdBenchReal:
		r.Configuration = p(u.Configuration)
		fallthrough
	default:
		r.Dataset, r.Model, r.Repeat, r.Fold = u.Dataset, u.Model, p(u.Repeat), p(u.Fold)
	}
	return r
}

// Command names as recorded in a sweep.
const (
	cmdCV             = "cv"
	cmdTune           = "tune"
	cmdBenchSynthetic = "bench synthetic"
	cmdBenchReal      = "bench real"
)

// resultsFileContent is what a results file holds.
type resultsFileContent struct {
	records []unitRecord
	lines   []int // line of each record
	good    int64 // bytes up to the end of the last complete line
	size    int64
}

// maxResultsBytes bounds the size of a results or spec file that is read
// whole: a unit's line is about 300 bytes, so it holds a few million units,
// ten times the paper's whole grid.
const maxResultsBytes = 1 << 30

// notOurs ends the message about a results or spec file past the bound.
const notOurs = "not a file hornetctl wrote"

// readBounded reads the regular file path whole, refusing one larger than
// limit bytes (a hostile or foreign file must not take the memory) with
// tooLarge after the size, and anything but a regular file (a FIFO would
// block, a device never end). A symbolic link is followed: the file is
// only read.
func readBounded(path string, limit int64, tooLarge string) ([]byte, error) {
	// Stat first: opening a FIFO would block.
	if st, err := os.Stat(path); err != nil {
		return nil, pathError(err)
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, pathError(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, pathError(err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	// A file already past the bound is refused by its size, before a byte
	// is read (reading it took 11 s of system time and a GiB of memory);
	// the limited read below still bounds one that grows while it is read.
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: larger than %d MiB; %s", path, limit>>20, tooLarge)
	}
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, pathError(err)
	}
	if int64(len(raw)) > limit {
		return nil, fmt.Errorf("%s: larger than %d MiB; %s", path, limit>>20, tooLarge)
	}
	return raw, nil
}

// trimBOM drops the UTF-8 byte order mark that some editors put at the
// start of a file they save (the --data reader drops it too).
func trimBOM(raw []byte) []byte { return bytes.TrimPrefix(raw, []byte("\ufeff")) }

// notAppendable is the error for a results path that is not a regular file.
func notAppendable(path string) error {
	return fmt.Errorf("%s: not a regular file; results are only appended to regular files", path)
}

// readResultsFile reads the records of path (none if it does not exist),
// following a symbolic link (merge only reads; runSweep refuses a link
// before it appends). A last line without its newline that is the start
// of a record is the unit that was being written when the run was killed:
// it is left out (good says where it starts), and runSweep cuts it away.
// Any other line that is not a record is an error, the last one too: a
// record and its newline go in one write, so a killed run leaves no
// complete line that does not parse, and a file of other text (a note, a
// JSON array) is not one to append to, nor to cut.
func readResultsFile(path string) (*resultsFileContent, error) {
	out := &resultsFileContent{}
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, pathError(err)
	}
	if !st.Mode().IsRegular() {
		return nil, notAppendable(path)
	}
	raw, err := readBounded(path, maxResultsBytes, notOurs)
	if err != nil {
		return nil, err
	}
	out.size = int64(len(raw))
	line := 0
	for off := 0; off < len(raw); {
		line++
		end := bytes.IndexByte(raw[off:], '\n')
		if end < 0 {
			if tornRecord(raw[off:]) {
				break // the last line, half-written: ignored
			}
			return nil, fmt.Errorf("%s: line %d: not a unit record (nor the start of one, cut short)", path, line)
		}
		var rec unitRecord
		err := json.Unmarshal(raw[off:off+end], &rec)
		if err == nil && rec.Sweep == "" {
			err = errors.New("no sweep fingerprint")
		}
		if err == nil {
			err = rec.UnitResult.Validate()
		}
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: not a unit record: %v", path, line, err)
		}
		out.records, out.lines = append(out.records, rec), append(out.lines, line)
		off += end + 1
		out.good = int64(off)
	}
	return out, nil
}

// recordStart is how every line of a results file starts: a unitRecord's
// first field (see newRecord).
const recordStart = `{"command":"`

// tornRecord reports whether b, a last line without its newline, is what
// a killed run leaves of a record: a prefix of one, so it starts as every
// record does.
func tornRecord(b []byte) bool {
	n := min(len(b), len(recordStart))
	return string(b[:n]) == recordStart[:n]
}

// sweepRun is a sweep as a command hands it to runSweep.
type sweepRun struct {
	Spec   *sweepSpec
	Sweep  *evaluate.Sweep
	Jobs   int
	Inputs []flagPath // --results must not be one of them
}

// runSweep runs the units of run that o selects (all of them, or a
// shard), skipping those already in --results when resuming and appending
// each finished one to it. Unsharded it returns the results of every unit,
// in unit order; sharded it returns nil after a line on warn saying what
// the shard file holds.
func runSweep(ctx context.Context, o shardOptions, run sweepRun, ios *iostreams, warn io.Writer, bar bool) ([]evaluate.UnitResult, error) {
	spec, sw := run.Spec, run.Sweep
	spec.Version, spec.Units = sweepSpecVersion, len(sw.Units)
	fp, raw, err := spec.fingerprint()
	if err != nil {
		return nil, err
	}
	units := sw.Units
	if o.sharded() {
		units = evaluate.ShardUnits(units, o.Index, o.Count)
	}
	have := make(map[int]evaluate.UnitResult, len(units))
	var out *os.File
	var path string
	if o.Results != "" {
		if path, err = o.resultsFile(); err != nil {
			return nil, err
		}
		for _, in := range run.Inputs {
			if !stdout(in.path) && atomicwrite.Overwrites(path, in.path) {
				return nil, usagef("--results %s is the same file as --%s %s: choose another --results", path, in.flag, in.path)
			}
		}
		// Before creating or opening it (opening a FIFO to write blocks): a
		// regular file or none. Its size is bounded by the read below.
		if st, err := os.Lstat(path); err == nil && !st.Mode().IsRegular() {
			return nil, fmt.Errorf("--results: %w", notAppendable(path))
		}
		if out, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644); err != nil {
			return nil, fmt.Errorf("--results: %w", pathError(err))
		}
		defer out.Close()
		// One writer at a time: two runs appending to one file (a requeued
		// shard beside its old copy) would interleave their lines.
		if err := lockExclusive(out); err != nil {
			return nil, fmt.Errorf("--results %s is being written by another hornetctl run (%w): wait for it to end, or use another --results", path, err)
		}
		content, err := readResultsFile(path) // again, under the lock
		if err != nil {
			return nil, err
		}
		for k, rec := range content.records {
			switch {
			case rec.Sweep != fp:
				return nil, usagef("--results %s holds units of another sweep (line %d: sweep %s, this one %s): use another --results, or rerun with the same data and flags",
					path, content.lines[k], rec.Sweep, fp)
			case rec.Unit < 0 || rec.Unit >= len(sw.Units) || o.sharded() && rec.Unit%o.Count != o.Index:
				return nil, fmt.Errorf("%s: line %d: unit %d is not one of this run's", path, content.lines[k], rec.Unit)
			}
			if err := checkRecordUnit(rec, sw.Units[rec.Unit]); err != nil {
				return nil, fmt.Errorf("%s: line %d: %w", path, content.lines[k], err)
			}
			if _, dup := have[rec.Unit]; !dup {
				have[rec.Unit] = rec.UnitResult
			}
		}
		if len(have) > 0 && !o.sharded() && !o.Resume {
			return nil, usagef("--results %s already holds %d units of this sweep: add --resume to skip them, or choose another --results", path, len(have))
		}
		if err := writeSpec(filepath.Dir(path), fp, raw); err != nil {
			return nil, err
		}
		if content.good < content.size { // a half-written line of a killed run
			if err := out.Truncate(content.good); err != nil {
				return nil, fmt.Errorf("--results: %w", pathError(err))
			}
		}
		if _, err := out.Seek(content.good, io.SeekStart); err != nil {
			return nil, fmt.Errorf("--results: %w", pathError(err))
		}
	}
	var todo []evaluate.Unit
	for _, u := range units {
		if _, ok := have[u.Index]; !ok {
			todo = append(todo, u)
		}
	}
	prog := newUnitProgress(ios.Err, bar && len(todo) > 0, len(units), len(units)-len(todo), spec.Command)
	err = sw.Run(ctx, todo, run.Jobs, func(u evaluate.Unit, res evaluate.UnitResult) error {
		if out != nil {
			line, err := json.Marshal(newRecord(spec.Command, fp, len(sw.Units), u, res))
			if err != nil {
				return fmt.Errorf("unit %d: %w", u.Index, err)
			}
			if _, err := out.Write(append(line, '\n')); err != nil { // one write: a kill leaves at most this line half-written
				return fmt.Errorf("--results: %w", err)
			}
		}
		have[u.Index] = res
		prog.add()
		return nil
	})
	prog.done()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			kept := "nothing was kept (no --results)"
			if out != nil {
				kept = fmt.Sprintf("%d of %d units are in %s; rerun the same command", countIn(have, units), len(units), path)
				if !o.sharded() {
					kept += " with --resume"
				}
				kept += " to finish"
			}
			return nil, &interrupted{fmt.Sprintf("%s interrupted: %s", spec.Command, kept)}
		}
		return nil, configError(err)
	}
	if out != nil {
		if err := out.Sync(); err != nil {
			return nil, fmt.Errorf("--results: %w", err)
		}
	}
	if o.sharded() {
		fmt.Fprintf(warn, "hornetctl %s: shard %d/%d: %d of %d units in %s (%d run now, %d resumed); once every shard is done: hornetctl merge %s\n",
			spec.Command, o.Index, o.Count, len(units), len(sw.Units), path, len(todo), len(units)-len(todo), o.Results)
		return nil, nil
	}
	results := make([]evaluate.UnitResult, len(sw.Units))
	for i := range results {
		results[i] = have[i]
	}
	return results, nil
}

// countIn counts the units that have a result.
func countIn(have map[int]evaluate.UnitResult, units []evaluate.Unit) int {
	n := 0
	for _, u := range units {
		if _, ok := have[u.Index]; ok {
			n++
		}
	}
	return n
}

// specFileName is the name of the spec of sweep fp beside its results.
func specFileName(fp string) string { return "sweep-" + fp + ".json" }

// writeSpec keeps the spec of sweep fp in dir, unless it is there already
// (every shard writes the same bytes; the write is atomic).
func writeSpec(dir, fp string, raw []byte) error {
	path := filepath.Join(dir, specFileName(fp))
	if old, err := readBounded(path, maxResultsBytes, notOurs); err == nil && bytes.Equal(old, raw) {
		return nil
	}
	return atomicwrite.WriteFile(path, 0o644, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
}
