// Copyright ©2026 The hornets-go Authors. MIT licence (see LICENSE).

// Package atomicwrite writes the program's output files (models,
// predictions, synthetic tables) without ever clobbering what a path
// points at.
//
// # What WriteFile does with each kind of path
//
//   - A regular file, or a path that does not exist: the content goes to a
//     temporary file in the same directory, is synced, and the temporary
//     file is renamed over the path. Readers see the old file or the whole
//     new one, never a part. An existing file keeps its mode (and, when the
//     process may, its owner); a new one gets the mode asked for less the
//     umask, as open(2) would give it. The umask is read from
//     /proc/self/status, never set; where that file is missing (systems
//     other than Linux) it is taken to be 022. An existing file that the
//     process may not write (access(2) with W_OK: mode 0444, another
//     user's file) is refused, as `echo x > file` refuses it, although the
//     rename would need only the directory: the error wraps
//     fs.ErrPermission. Root may write any file.
//   - A symbolic link (a chain of them): the final target is replaced as
//     above and the links are kept. A dangling link creates its target.
//   - Any other existing file — a character or block device, a FIFO, a
//     socket — and the links of /proc (/dev/stdout, /proc/self/fd/N): the
//     file is opened for writing and written in place, never renamed over
//     and never removed. A regular file reached through /proc is appended
//     to, so that `--out /dev/stdout >> log` appends. A FIFO that no
//     process reads is an error (ENXIO), not a hang.
//   - A directory: an error naming the path.
//
// # Temporary files
//
// On Linux the temporary file is made with O_TMPFILE: it has no name while
// it is written, so a process killed during the write leaves nothing
// behind. It is given a name with linkat only once it is complete and
// synced, and that name is renamed over the path at once. Where O_TMPFILE
// is not supported (some file systems, other systems) a named temporary
// file is used (os.CreateTemp), removed on error.
//
// Temporary names look like .NAME.hornets-tmp.HOST.PID.RAND. Before each
// write, WriteFile removes the temporary files of the target directory
// that were left by a process of this host that is no longer alive (one
// killed between creating and renaming its file). A temporary file of a
// live process, or of another host sharing the directory, is kept.
package atomicwrite
