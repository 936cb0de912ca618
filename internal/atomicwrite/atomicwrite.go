// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

package atomicwrite

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrNoReader is the cause of the error of WriteFile on a FIFO that no
// process has open for reading.
var ErrNoReader = errors.New("no process reads the FIFO")

// bufSize is the size of the write buffer.
const bufSize = 256 << 10

// WriteFile writes the bytes that write produces to path, buffered: a
// regular file or a new path is replaced atomically, the target of a
// symlink is replaced and the link kept, a device or FIFO is written in
// place (see the package documentation). A new file gets mode perm less
// the umask, as with os.WriteFile; a replaced file keeps its mode. An
// existing file that the process may not write is not replaced, as a
// shell redirect would refuse it: the error wraps fs.ErrPermission and
// write is not called. If write returns an error, a regular file keeps
// its previous content and no temporary file remains. Errors name path
// and wrap the cause.
func WriteFile(path string, perm fs.FileMode, write func(io.Writer) error) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if t.inPlace {
		err = writeInPlace(t, write)
	} else {
		err = replace(t, perm, write)
	}
	if err != nil {
		if t.path != path && !t.inPlace {
			return fmt.Errorf("writing %s (link to %s): %w", path, t.path, err)
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// CheckWritable reports, without writing anything, whether WriteFile can
// write path: for a file to be replaced, that the process may write it;
// for a file to be replaced or created, that its directory exists and a
// temporary file can be made in it (one is made and discarded); for an
// existing device or FIFO, that the process has write access to it. A
// FIFO is not opened: closing the probe would give its reader an end of
// file. A directory is an error. The errors name path.
func CheckWritable(path string) error {
	t, err := resolve(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if t.inPlace {
		if err := accessWrite(t.path); err != nil {
			return fmt.Errorf("%s: not writable: %w", path, err)
		}
		return nil
	}
	if err := checkReplace(t); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	dir := filepath.Dir(t.path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: directory %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("%s: directory %s: %w", path, dir, unwrapPath(err))
	case !fi.IsDir():
		return fmt.Errorf("%s: %s is not a directory", path, dir)
	}
	tf, err := createTemp(dir, filepath.Base(t.path))
	if err != nil {
		return fmt.Errorf("%s: cannot write in directory %s: %w", path, dir, unwrapPath(err))
	}
	tf.discard()
	return nil
}

// Overwrites reports whether writing out would replace the content of the
// file in: both exist and are the same regular file (os.SameFile), or
// either does not exist and both name the same file once symlinks and the
// directory are resolved. Devices and FIFOs are never overwritten, so two
// paths of one device do not count.
func Overwrites(out, in string) bool {
	fo, errOut := os.Stat(out)
	fi, errIn := os.Stat(in)
	if errOut == nil && errIn == nil {
		return os.SameFile(fo, fi) && fo.Mode().IsRegular()
	}
	return canonical(out) == canonical(in)
}

// canonical returns the absolute path of the file that WriteFile would
// replace for path, with the symlinks of its directory resolved.
func canonical(path string) string {
	p := path
	if t, err := resolve(path); err == nil {
		p = t.path
	}
	dir := filepath.Dir(p)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	abs, err := filepath.Abs(filepath.Join(dir, filepath.Base(p)))
	if err != nil {
		return filepath.Clean(p)
	}
	return abs
}

// target is the file that a write of a path goes to.
type target struct {
	path    string      // the file to replace, create or write in place
	st      fs.FileInfo // its mode etc.; nil if it does not exist
	inPlace bool        // write in place: not a regular file, or reached through /proc
	append  bool        // a regular file reached through /proc: append
}

// maxLinks bounds the symlinks followed, as the kernel does (ELOOP).
const maxLinks = 40

// resolve follows the symlinks of path to the file a write goes to.
func resolve(path string) (target, error) {
	p := path
	for range maxLinks {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return target{path: p}, nil
		}
		if err != nil {
			return target{}, unwrapPath(err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if fi.IsDir() {
				return target{}, errIsDir(p, path)
			}
			return target{path: p, st: fi, inPlace: !fi.Mode().IsRegular()}, nil
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return target{}, unwrapPath(err)
		}
		if magicLinks(dir) {
			// /proc/PID/fd/N: its "target" may be no path at all
			// (pipe:[123]); write through the link itself.
			fi, err := os.Stat(p)
			if err != nil {
				return target{}, unwrapPath(err)
			}
			if fi.IsDir() {
				return target{}, errIsDir(p, path)
			}
			return target{path: p, st: fi, inPlace: true, append: fi.Mode().IsRegular()}, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return target{}, unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return target{}, syscall.ELOOP
}

// errIsDir says that path (reached from the path the caller gave) is a
// directory.
func errIsDir(p, given string) error {
	if p == given {
		return errors.New("is a directory, not a file")
	}
	return fmt.Errorf("links to %s, a directory, not a file", p)
}

// magicLinks reports whether the symlinks of directory dir are the
// kernel's links to open files (/proc/PID/fd), not paths.
func magicLinks(dir string) bool {
	return dir == "/proc" || strings.HasPrefix(dir, "/proc/")
}

// unwrapPath drops the "op path" prefix of a *fs.PathError: the callers
// name the path themselves.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeInPlace opens t for writing, without truncating it, and writes.
func writeInPlace(t target, write func(io.Writer) error) error {
	flag := os.O_WRONLY
	fifo := t.st.Mode()&fs.ModeNamedPipe != 0
	if fifo {
		// Without a reader, open(O_WRONLY) blocks; with O_NONBLOCK it
		// fails with ENXIO. The os package then writes through the
		// poller, blocking only the goroutine.
		flag |= syscall.O_NONBLOCK
	}
	if t.append {
		flag |= os.O_APPEND
	}
	f, err := os.OpenFile(t.path, flag, 0)
	if err != nil {
		if fifo && errors.Is(err, syscall.ENXIO) {
			return ErrNoReader
		}
		return unwrapPath(err)
	}
	bw := bufio.NewWriterSize(f, bufSize)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return unwrapPath(err)
}

// replace writes a temporary file in the directory of t and renames it
// over t.path.
func replace(t target, perm fs.FileMode, write func(io.Writer) error) (err error) {
	if err := checkReplace(t); err != nil {
		return err
	}
	dir := filepath.Dir(t.path)
	removeStale(dir)
	tf, err := createTemp(dir, filepath.Base(t.path))
	if err != nil {
		return unwrapPath(err)
	}
	defer func() {
		if err != nil {
			tf.discard()
		}
	}()
	bw := bufio.NewWriterSize(tf.f, bufSize)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return unwrapPath(err)
	}
	var mode fs.FileMode
	if t.st != nil {
		mode = t.st.Mode().Perm() // a replaced file keeps its mode
		keepOwner(tf.f, t.st)
	} else {
		mode = perm.Perm() &^ umask() // a new one: as open(2) would make it
	}
	if err = tf.f.Chmod(mode); err != nil {
		return unwrapPath(err)
	}
	if err = tf.f.Sync(); err != nil {
		return unwrapPath(err)
	}
	if err = tf.commit(t.path, t.st == nil); err != nil {
		return unwrapPath(err)
	}
	syncDir(dir)
	return nil
}

// checkReplace refuses to replace an existing file that the process may
// not write (access(2) with W_OK). A rename needs only the right to write
// the directory, so without this check a file of mode 0444, or another
// user's file, would be replaced where `echo x > file` is refused. The
// error wraps the cause: EACCES, for which errors.Is(err,
// fs.ErrPermission) holds. Root may write any file, and passes.
func checkReplace(t target) error {
	if t.st == nil {
		return nil
	}
	if err := accessWrite(t.path); err != nil {
		return fmt.Errorf("not writable: %w", err)
	}
	return nil
}

// syncDir makes a rename in dir durable, where the file system allows.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// tempMarker marks the names of this package's temporary files.
const tempMarker = ".hornets-tmp."

// tempPrefix returns the start of a temporary name for the file base:
// .BASE.hornets-tmp.HOST.PID. (the caller appends a random part). base is
// cut so that the name stays within the usual 255-byte limit.
func tempPrefix(base string) string {
	if len(base) > 100 {
		base = base[:100]
	}
	return "." + base + tempMarker + hostname() + "." + strconv.Itoa(os.Getpid()) + "."
}

// hostname returns the host name as it goes into temporary names (dots
// kept, at most 64 bytes), or "localhost".
func hostname() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "localhost"
	}
	h = strings.Map(func(r rune) rune {
		if r == '/' || r < ' ' {
			return '_'
		}
		return r
	}, h)
	if len(h) > 64 {
		h = h[:64]
	}
	return h
}

// parseTemp returns the host and PID in the temporary name name.
func parseTemp(name string) (host string, pid int, ok bool) {
	i := strings.LastIndex(name, tempMarker)
	if !strings.HasPrefix(name, ".") || i < 0 {
		return "", 0, false
	}
	rest := name[i+len(tempMarker):] // HOST.PID.RAND
	j := strings.LastIndexByte(rest, '.')
	if j < 0 {
		return "", 0, false
	}
	rest = rest[:j] // HOST.PID
	k := strings.LastIndexByte(rest, '.')
	if k < 0 {
		return "", 0, false
	}
	pid, err := strconv.Atoi(rest[k+1:])
	if err != nil || pid <= 0 {
		return "", 0, false
	}
	return rest[:k], pid, true
}

// removeStale removes the temporary files in dir left by processes of
// this host that are no longer alive. Errors are ignored: a file that
// cannot be removed stays.
func removeStale(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	host, self := hostname(), os.Getpid()
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.Contains(e.Name(), tempMarker) {
			continue
		}
		h, pid, ok := parseTemp(e.Name())
		if !ok || h != host || pid == self || alive(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// tempFile is a temporary file being written.
type tempFile struct {
	f       *os.File
	name    string // its path; "" while an O_TMPFILE file has none
	unnamed bool   // made with O_TMPFILE
	dir     string
	base    string // the name of the file it will replace
}

// createNamed makes a named temporary file for base in dir.
func createNamed(dir, base string) (*tempFile, error) {
	f, err := os.CreateTemp(dir, tempPrefix(base)+"*")
	if err != nil {
		return nil, err
	}
	return &tempFile{f: f, name: f.Name(), dir: dir, base: base}, nil
}

// discard closes and removes the temporary file.
func (tf *tempFile) discard() {
	tf.f.Close()
	if tf.name != "" {
		os.Remove(tf.name)
	}
}

// commit closes the complete, synced temporary file and puts it at path
// (which does not exist when isNew).
func (tf *tempFile) commit(path string, isNew bool) error {
	if tf.unnamed {
		return tf.commitUnnamed(path, isNew)
	}
	if err := tf.f.Close(); err != nil {
		return err
	}
	return os.Rename(tf.name, path)
}
