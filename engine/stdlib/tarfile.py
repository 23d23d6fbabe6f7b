# tarfile: reading ustar, GNU (long names) and pax archives, plain or gzip-compressed ('r', 'r:',
# 'r:gz', 'r:*'), and writing ustar/pax archives ('w', 'w:gz', 'x', 'a' for plain files): open /
# TarFile.open, TarInfo, getmembers/getnames/getmember/next/iteration, extractfile, extract /
# extractall (member paths made safe: absolute paths and '..' are refused as the 'data' filter does),
# add (recursive) / addfile, is_tarfile. Files go through Kiln's file sandbox; gzip output is stored
# (gzip.py's header says why). Left out: bz2/xz compression, stream modes ('r|', 'w|'), device and
# fifo members (skipped on extraction), ownership changes on extraction.
import io as _io
import os as _os
import time as _time

__all__ = ["TarFile", "TarInfo", "is_tarfile", "TarError", "ReadError", "CompressionError", "StreamError",
           "ExtractError", "HeaderError", "open", "ENCODING", "USTAR_FORMAT", "GNU_FORMAT", "PAX_FORMAT",
           "DEFAULT_FORMAT"]

BLOCKSIZE = 512
RECORDSIZE = BLOCKSIZE * 20
ENCODING = 'utf-8'
USTAR_FORMAT = 0
GNU_FORMAT = 1
PAX_FORMAT = 2
DEFAULT_FORMAT = PAX_FORMAT

REGTYPE = b"0"
AREGTYPE = b"\0"
LNKTYPE = b"1"
SYMTYPE = b"2"
CHRTYPE = b"3"
BLKTYPE = b"4"
DIRTYPE = b"5"
FIFOTYPE = b"6"
CONTTYPE = b"7"
GNUTYPE_LONGNAME = b"L"
GNUTYPE_LONGLINK = b"K"
XHDTYPE = b"x"
XGLTYPE = b"g"


class TarError(Exception):
    __module__ = 'tarfile'


class ReadError(TarError):
    __module__ = 'tarfile'


class CompressionError(TarError):
    __module__ = 'tarfile'


class StreamError(TarError):
    __module__ = 'tarfile'


class ExtractError(TarError):
    __module__ = 'tarfile'


class HeaderError(TarError):
    __module__ = 'tarfile'


class FilterError(TarError):
    __module__ = 'tarfile'


class AbsolutePathError(FilterError):
    __module__ = 'tarfile'


class OutsideDestinationError(FilterError):
    __module__ = 'tarfile'


def _nts(b):
    i = b.find(b'\0')
    if i >= 0:
        b = b[:i]
    return b.decode('utf-8')


def _nti(b):
    if b and b[0] in (0x80, 0xff):
        n = 0
        for c in b[1:]:
            n = (n << 8) | c
        if b[0] == 0xff:
            n = -((1 << (8 * (len(b) - 1))) - n)
        return n
    s = _nts(b).strip()
    if not s:
        return 0
    try:
        return int(s, 8)
    except ValueError:
        raise HeaderError("invalid header")


def _pad(b, n):
    return b + b'\0' * (n - len(b))


def _itn(n, digits):
    s = ('%0' + str(digits - 1) + 'o') % n
    if len(s) > digits - 1:
        raise ValueError("overflow in number field")
    return s.encode('ascii') + b'\0'


class TarInfo:
    def __init__(self, name=""):
        self.name = name
        self.mode = 0o644
        self.uid = 0
        self.gid = 0
        self.size = 0
        self.mtime = 0
        self.chksum = 0
        self.type = REGTYPE
        self.linkname = ""
        self.uname = ""
        self.gname = ""
        self.devmajor = 0
        self.devminor = 0
        self.offset = 0
        self.offset_data = 0
        self.pax_headers = {}

    @property
    def path(self):
        return self.name

    def isfile(self):
        return self.type in (REGTYPE, AREGTYPE, CONTTYPE)

    def isreg(self):
        return self.isfile()

    def isdir(self):
        return self.type == DIRTYPE

    def issym(self):
        return self.type == SYMTYPE

    def islnk(self):
        return self.type == LNKTYPE

    def ischr(self):
        return self.type == CHRTYPE

    def isblk(self):
        return self.type == BLKTYPE

    def isfifo(self):
        return self.type == FIFOTYPE

    def isdev(self):
        return self.type in (CHRTYPE, BLKTYPE, FIFOTYPE)

    def __repr__(self):
        return "<TarInfo %r at %#x>" % (self.name, id(self))

    def _ustar_header(self, name):
        parts = [
            _pad(name.encode('utf-8')[:100], 100),
            _itn(self.mode & 0o7777, 8),
            _itn(self.uid, 8),
            _itn(self.gid, 8),
            _itn(self.size, 12),
            _itn(int(self.mtime), 12),
            b"        ",
            self.type,
            _pad(self.linkname.encode('utf-8')[:100], 100),
            b"ustar\x0000",
            _pad(self.uname.encode('utf-8')[:32], 32),
            _pad(self.gname.encode('utf-8')[:32], 32),
            _itn(self.devmajor, 8),
            _itn(self.devminor, 8),
            b'\0' * 155,
        ]
        buf = _pad(b''.join(parts), BLOCKSIZE)
        chksum = sum(buf[:148]) + 8 * 32 + sum(buf[156:])
        return buf[:148] + ('%06o' % chksum).encode('ascii') + b'\0 ' + buf[156:]

    def tobuf(self, format=DEFAULT_FORMAT, encoding=ENCODING, errors="surrogateescape"):
        name = self.name
        if self.isdir() and not name.endswith('/'):
            name += '/'
        out = b''
        if len(name.encode('utf-8')) > 100 or any(ord(c) > 127 for c in name):
            rec = _pax_record('path', name)
            pax = TarInfo('././@PaxHeader')
            pax.type = XHDTYPE
            pax.size = len(rec)
            pax.mode = 0o644
            out += pax._ustar_header('././@PaxHeader') + rec + b'\0' * ((BLOCKSIZE - len(rec) % BLOCKSIZE) % BLOCKSIZE)
        return out + self._ustar_header(name)


def _pax_record(key, value):
    body = (' %s=%s\n' % (key, value)).encode('utf-8')
    n = len(body) + 1
    while len(str(n)) + len(body) != n:
        n = len(str(n)) + len(body)
    return str(n).encode('ascii') + body


def _parse_pax(data):
    out = {}
    pos = 0
    while pos < len(data):
        sp = data.find(b' ', pos)
        if sp < 0:
            break
        length = int(data[pos:sp].decode('ascii'))
        if length <= 0:
            break
        rec = data[sp + 1:pos + length - 1]
        k, _, v = rec.decode('utf-8').partition('=')
        out[k] = v
        pos += length
    return out


class TarFile:
    def __init__(self, name=None, mode="r", fileobj=None, format=None, tarinfo=None, dereference=False,
                 ignore_zeros=False, encoding=ENCODING, errors="surrogateescape", pax_headers=None, debug=None,
                 errorlevel=None, copybufsize=None):
        if mode not in ('r', 'a', 'w', 'x'):
            raise ValueError("mode must be 'r', 'a', 'w' or 'x'")
        self.mode = mode
        self.name = _os.fspath(name) if name is not None else getattr(fileobj, 'name', None)
        self.format = DEFAULT_FORMAT if format is None else format
        self.ignore_zeros = ignore_zeros
        self.encoding = encoding
        self.members = []
        self._data = b''
        self._out = []
        self._fileobj = fileobj
        self._gzip = False
        self.closed = False
        self._pos = 0
        self._loaded = False
        if mode in ('r', 'a'):
            if fileobj is not None:
                self._data = bytes(fileobj.read())
            elif name is not None and (mode == 'r' or _os.path.exists(name)):
                with _builtin_open(name, 'rb') as f:
                    self._data = f.read()
            self._read_all()
        elif mode == 'x' and name is not None and _os.path.exists(name):
            raise FileExistsError(17, 'File exists', name)

    # ---- reading ----
    def _read_all(self):
        data = self._data
        pos = 0
        pending = {}
        # As CPython's TarFile.next: at the first header an empty or short archive and a bad header
        # are ReadError ('empty file', 'truncated header', 'invalid header'); past it a bad header
        # ends the archive
        if self.mode == 'r' and len(data) < BLOCKSIZE:
            raise ReadError('truncated header' if data else 'empty file')
        while pos + BLOCKSIZE <= len(data):
            block = data[pos:pos + BLOCKSIZE]
            if block == b'\0' * BLOCKSIZE:
                if self.ignore_zeros:
                    pos += BLOCKSIZE
                    continue
                break
            try:
                chk = _nti(block[148:156])
            except HeaderError:
                chk = None  # not octal: an invalid header, as a wrong checksum
            calc = sum(block[:148]) + 8 * 32 + sum(block[156:])
            if chk != calc:
                if pos == 0:
                    raise ReadError("invalid header")
                break
            ti = TarInfo(_nts(block[0:100]))
            ti.mode = _nti(block[100:108])
            ti.uid = _nti(block[108:116])
            ti.gid = _nti(block[116:124])
            ti.size = _nti(block[124:136])
            ti.mtime = _nti(block[136:148])
            ti.chksum = chk
            ti.type = block[156:157]
            ti.linkname = _nts(block[157:257])
            magic = block[257:265]
            if magic[:5] == b'ustar':
                ti.uname = _nts(block[265:297])
                ti.gname = _nts(block[297:329])
                ti.devmajor = _nti(block[329:337])
                ti.devminor = _nti(block[337:345])
                prefix = _nts(block[345:500]) if magic == b'ustar\x0000' else ''
                if prefix and ti.type not in (GNUTYPE_LONGNAME, GNUTYPE_LONGLINK):
                    ti.name = prefix + '/' + ti.name
            ti.offset = pos
            ti.offset_data = pos + BLOCKSIZE
            body_end = ti.offset_data + ti.size
            nxt = ti.offset_data + ((ti.size + BLOCKSIZE - 1) // BLOCKSIZE) * BLOCKSIZE
            if ti.type in (GNUTYPE_LONGNAME, GNUTYPE_LONGLINK):
                text = _nts(data[ti.offset_data:body_end])
                pending['path' if ti.type == GNUTYPE_LONGNAME else 'linkpath'] = text
                pos = nxt
                continue
            if ti.type in (XHDTYPE, XGLTYPE):
                pax = _parse_pax(data[ti.offset_data:body_end])
                if ti.type == XHDTYPE:
                    pending.update(pax)
                pos = nxt
                continue
            if 'path' in pending:
                ti.name = pending['path']
            if 'linkpath' in pending:
                ti.linkname = pending['linkpath']
            if 'size' in pending:
                ti.size = int(pending['size'])
                nxt = ti.offset_data + ((ti.size + BLOCKSIZE - 1) // BLOCKSIZE) * BLOCKSIZE
            if 'mtime' in pending:
                ti.mtime = float(pending['mtime'])
            ti.pax_headers = pending
            pending = {}
            if ti.type == AREGTYPE and ti.name.endswith('/'):
                ti.type = DIRTYPE
            if ti.isdir():
                ti.name = ti.name.rstrip('/')
            self.members.append(ti)
            pos = nxt
        self._end = pos
        self._loaded = True

    def getmembers(self):
        return list(self.members)

    def getnames(self):
        return [m.name for m in self.members]

    def getmember(self, name):
        for m in reversed(self.members):
            if m.name == name.rstrip('/'):
                return m
        raise KeyError("filename %r not found" % name)

    def next(self):
        if self._pos >= len(self.members):
            return None
        m = self.members[self._pos]
        self._pos += 1
        return m

    def __iter__(self):
        return iter(list(self.members))

    def extractfile(self, member):
        m = member if isinstance(member, TarInfo) else self.getmember(member)
        if m.isfile():
            return _io.BytesIO(self._data[m.offset_data:m.offset_data + m.size])
        if m.islnk() or m.issym():
            target = m.linkname if m.islnk() else _os.path.normpath(_os.path.join(_os.path.dirname(m.name), m.linkname))
            return self.extractfile(target)
        return None

    def _safe_target(self, m, path):
        name = m.name
        if name.startswith('/') or _os.path.isabs(name):
            raise AbsolutePathError("member %r has an absolute path" % name)
        parts = name.split('/')
        if '..' in parts:
            raise OutsideDestinationError("%r would be extracted to %r, which is outside the destination" % (name, _os.path.join(path, name)))
        return _os.path.join(path, *[p for p in parts if p and p != '.'])

    def extract(self, member, path="", set_attrs=True, *, numeric_owner=False, filter=None):
        m = member if isinstance(member, TarInfo) else self.getmember(member)
        target = self._safe_target(m, path or _os.getcwd())
        if m.isdir():
            _os.makedirs(target, exist_ok=True)
            return
        parent = _os.path.dirname(target)
        if parent:
            _os.makedirs(parent, exist_ok=True)
        if m.isfile() or m.islnk() or m.issym():
            f = self.extractfile(m)
            if f is None:
                return
            with _builtin_open(target, 'wb') as out:
                out.write(f.read())

    def extractall(self, path=".", members=None, *, numeric_owner=False, filter=None):
        for m in (self.members if members is None else members):
            if m.isdev():
                continue
            self.extract(m, path, filter=filter)

    # ---- writing ----
    def addfile(self, tarinfo, fileobj=None):
        if self.mode == 'r':
            raise OSError("bad operation for mode 'r'")
        data = b''
        if fileobj is not None:
            data = fileobj.read(tarinfo.size)
        self._out.append(tarinfo.tobuf(self.format))
        if data:
            self._out.append(data + b'\0' * ((BLOCKSIZE - len(data) % BLOCKSIZE) % BLOCKSIZE))
        self.members.append(tarinfo)

    def gettarinfo(self, name=None, arcname=None, fileobj=None):
        if arcname is None:
            arcname = name
        st = _os.stat(name)
        ti = TarInfo(arcname.lstrip('/'))
        ti.mode = st.st_mode & 0o7777
        ti.mtime = int(st.st_mtime)
        if _os.path.isdir(name):
            ti.type = DIRTYPE
            ti.size = 0
        else:
            ti.type = REGTYPE
            ti.size = st.st_size
        return ti

    def add(self, name, arcname=None, recursive=True, *, filter=None):
        if arcname is None:
            arcname = name
        ti = self.gettarinfo(name, arcname)
        if filter is not None:
            ti = filter(ti)
            if ti is None:
                return
        if ti.isdir():
            self.addfile(ti)
            if recursive:
                for f in sorted(_os.listdir(name)):
                    self.add(_os.path.join(name, f), _os.path.join(arcname, f), recursive, filter=filter)
        else:
            with _builtin_open(name, 'rb') as f:
                self.addfile(ti, f)

    def close(self):
        if self.closed:
            return
        self.closed = True
        if self.mode == 'r':
            return
        body = (self._data[:self._end] if self.mode == 'a' and self._data else b'') + b''.join(self._out)
        body += b'\0' * (BLOCKSIZE * 2)
        body += b'\0' * ((RECORDSIZE - len(body) % RECORDSIZE) % RECORDSIZE)
        if self._gzip:
            import gzip as _gzip
            body = _gzip.compress(body)
        if self._fileobj is not None:
            self._fileobj.write(body)
        else:
            with _builtin_open(self.name, 'wb') as f:
                f.write(body)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    @classmethod
    def _open_read(cls, name, raw, comptype, kwargs):
        if comptype in ('gz', '*') and raw[:2] == b'\x1f\x8b':
            import gzip as _gzip
            try:
                raw = _gzip.decompress(raw)
            except (OSError, EOFError) as e:
                raise ReadError("not a gzip file") from None
        elif comptype == 'gz':
            raise ReadError("not a gzip file")
        try:
            t = cls(name, 'r', _io.BytesIO(raw), **kwargs)
        except ReadError as e:
            # mode 'r' / 'r:*' tries every method and reports each one's error (CPython's open)
            if comptype != '*' or raw[:2] == b'\x1f\x8b':
                raise
            gz = "ReadError('empty file')" if not raw else "ReadError('not a gzip file')"
            raise ReadError("file could not be opened successfully:\n- method gz: %s\n"
                            "- method bz2: ReadError('not a bzip2 file')\n- method xz: ReadError('not an lzma file')\n"
                            "- method tar: %r" % (gz, e)) from None
        t.name = name
        return t

    @classmethod
    def open(cls, name=None, mode="r", fileobj=None, bufsize=RECORDSIZE, **kwargs):
        if not name and not fileobj:
            raise ValueError("nothing to open")
        if '|' in mode:
            raise NotImplementedError("tarfile stream modes ('r|', 'w|') are not supported in Kiln")
        filemode, sep, comptype = mode.partition(':')
        filemode = filemode or 'r'
        if filemode == 'r' and not sep:
            comptype = '*'  # 'r' is 'r:*' (every method), 'r:' is plain tar only
        if comptype in ('bz2', 'xz'):
            raise CompressionError("%s compression is not supported in Kiln (gz and none are)" % comptype)
        if filemode == 'r':
            if fileobj is None:
                with _builtin_open(name, 'rb') as f:
                    return cls._open_read(name, f.read(), comptype, kwargs)
            # a file object that holds no archive is put back where it stood, as CPython's open
            # puts it back after each method that fails
            saved_pos = fileobj.tell()
            try:
                return cls._open_read(name, bytes(fileobj.read()), comptype, kwargs)
            except (ReadError, CompressionError):
                fileobj.seek(saved_pos)
                raise
        t = cls(name, filemode, fileobj, **kwargs)
        t._gzip = comptype == 'gz'
        return t


_builtin_open = open


def open(name=None, mode="r", fileobj=None, bufsize=RECORDSIZE, **kwargs):
    return TarFile.open(name, mode, fileobj, bufsize, **kwargs)


def is_tarfile(name):
    # As CPython's: a file object is read from where it stands and put back; only a TarError means
    # "not a tar file" (a missing path is FileNotFoundError, None is 'nothing to open')
    try:
        if hasattr(name, "read"):
            pos = name.tell()
            t = open(fileobj=name)
            name.seek(pos)
        else:
            t = open(name)
        t.close()
        return True
    except TarError:
        return False
