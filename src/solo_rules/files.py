"""Files other people hand us: read within a size limit, written without replacing what is
not a file of ours.

``read_text`` reads every file the library reads (variant files, records, moves files): only a
regular file, at most ``MAX_BYTES``, as UTF-8. A FIFO, a device (``/dev/zero``), a directory or
a socket is refused before a byte is read, and opening never blocks (a FIFO with no writer).

``write_text`` writes a record: atomically (a temporary file in the same folder, then
``os.replace``) for a regular file or a new path, so a failed write leaves the old file whole.
A symlink is written through: its target is replaced and the link kept. A directory, a device
node, a FIFO or a socket at the target (or at the link's target) is refused, never replaced,
and so is an empty path. Every refusal is one line naming the file, in the caller's error class.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from solo_rules.errors import SoloRulesError, shown

__all__ = ["MAX_BYTES", "check_target", "name_of", "read_text", "write_text"]

#: The largest file read, in bytes (the shipped variants are about 10 KB, a hand's record 2 KB).
MAX_BYTES = 1_000_000
#: The longest path a message shows whole.
_LONGEST_NAME = 200


def name_of(path: object) -> str:
    """A path for a one-line message; a long one keeps its start and its end (the file's
    name, which says most: ``/tmp/.../uploads/ab12/bad.yaml``)."""
    text = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else repr(path)
    if not text.isprintable():  # a NUL byte, a newline: shown escaped, on one line
        text = repr(text)[1:-1]
    if len(text) <= _LONGEST_NAME:
        return text
    return f"{text[:40]}...{text[-120:]} ({len(text)} characters)"


def _kind(mode: int) -> str:
    """What a non-regular file is, for a message."""
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _why(exc: BaseException) -> str:
    return (exc.strerror or str(exc)) if isinstance(exc, OSError) else str(exc)


def _checked_path(path: object, error: type[SoloRulesError], what: str,
                  label: str | None) -> tuple[str | bytes, str]:
    """``path`` as an ``os.open`` argument, and its name for messages (``label`` if given);
    a wrong type is a ``TypeError``, an empty path an ``error``."""
    if not isinstance(path, str | bytes | os.PathLike):
        raise TypeError(f"{what} must be a path (str or os.PathLike), got "
                        f"{type(path).__name__}")
    raw = os.fspath(path)
    if not raw:
        raise error(f"{label or what}: the path is empty")
    return raw, name_of(raw) if label is None else label


def read_text(path: str | os.PathLike[str], *, error: type[SoloRulesError],
              limit: int = MAX_BYTES, what: str = "file", label: str | None = None) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes; anything else
    raises one ``error`` naming the file (as ``label``, if given) and why."""
    raw, name = _checked_path(path, error, what, label)
    try:
        handle = os.open(raw, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError) as exc:  # missing, no permission, a NUL byte, too long
        raise error(f"{name}: cannot read: {_why(exc)}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{name}: {_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise error(f"{name}: larger than {limit:,} bytes")
        os.set_blocking(handle, True)
        parts, size = [], 0
        while size <= limit:  # the file may grow while it is read: never past the limit
            part = os.read(handle, min(1 << 20, limit + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
    except OSError as exc:
        raise error(f"{name}: cannot read: {_why(exc)}") from None
    finally:
        os.close(handle)
    content = b"".join(parts)
    if len(content) > limit:
        raise error(f"{name}: larger than {limit:,} bytes")
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{name}: not UTF-8 text: byte {content[exc.start]:#04x} at offset "
                    f"{exc.start}") from None


def check_target(path: str | os.PathLike[str], *, error: type[SoloRulesError],
                 what: str = "file", label: str | None = None) -> Path:
    """The file a write to ``path`` replaces or makes: ``path`` itself, or a symlink's final
    target; raises ``error`` for an empty path or a directory, device node, FIFO or socket
    there, and for a folder that does not exist. Callers check before long work (a hand to
    play) so that its result is not lost at the end."""
    raw, name = _checked_path(path, error, what, label)
    try:
        target = Path(os.fsdecode(os.path.realpath(raw)))
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as exc:
        raise error(f"{name}: cannot write: {_why(exc)}") from None
    if info is None:
        if not target.parent.is_dir():
            raise error(f"{name}: the folder {shown(str(target.parent), 60)} does not exist")
        return target
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{name}: {_kind(info.st_mode)}, not a regular file; refusing to "
                    "replace it")
    return target


def write_text(path: str | os.PathLike[str], text: str, *, error: type[SoloRulesError],
               what: str = "file") -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically: the old file stays whole if anything
    fails. A refused target (``check_target``) raises ``error``; a failing write (a full
    disk, no permission) raises the ``OSError``, since that is an output failure."""
    target = check_target(path, error=error, what=what)
    data = text.encode("utf-8")
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's file-creation mask (``mkstemp`` makes private files; a record is not)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
