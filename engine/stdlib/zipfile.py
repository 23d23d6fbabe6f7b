# zipfile: ZipFile reading (stored and deflated members, ZIP64 sizes and offsets, data descriptors,
# CRC checks), writing and appending (members are stored: ZIP_DEFLATED is accepted but written as
# stored, so archives are valid but larger than CPython's), ZipInfo, namelist/infolist/getinfo,
# read/open/extract/extractall (member paths made safe as CPython does), write/writestr,
# is_zipfile, BadZipFile/LargeZipFile. Files go through Kiln's file sandbox.
# Left out: encryption (pwd), bzip2/lzma members (NotImplementedError), zipfile.Path, PyZipFile,
# writing through ZipFile.open(name, 'w').
import io as _io
import os as _os
import struct as _struct
import time as _time
import zlib as _zlib
import _zlib as _native_zlib

__all__ = ["BadZipFile", "BadZipfile", "error", "ZIP_STORED", "ZIP_DEFLATED", "ZIP_BZIP2", "ZIP_LZMA",
           "is_zipfile", "ZipInfo", "ZipFile", "LargeZipFile"]


class BadZipFile(Exception):
    __module__ = 'zipfile'


class LargeZipFile(Exception):
    __module__ = 'zipfile'


error = BadZipfile = BadZipFile

ZIP_STORED = 0
ZIP_DEFLATED = 8
ZIP_BZIP2 = 12
ZIP_LZMA = 14

_EOCD_SIG = b'PK\x05\x06'
_EOCD64_SIG = b'PK\x06\x06'
_EOCD64_LOC_SIG = b'PK\x06\x07'
_CD_SIG = b'PK\x01\x02'
_LOCAL_SIG = b'PK\x03\x04'


class ZipInfo:
    def __init__(self, filename="NoName", date_time=(1980, 1, 1, 0, 0, 0)):
        null = filename.find(chr(0))
        if null >= 0:
            filename = filename[:null]
        if _os.sep != '/':
            filename = filename.replace(_os.sep, '/')
        self.orig_filename = filename
        self.filename = filename
        self.date_time = date_time
        if date_time[0] < 1980:
            raise ValueError('ZIP does not support timestamps before 1980')
        self.compress_type = ZIP_STORED
        self.compress_level = None
        self.comment = b""
        self.extra = b""
        self.create_system = 3
        self.create_version = 20
        self.extract_version = 20
        self.reserved = 0
        self.flag_bits = 0
        self.volume = 0
        self.internal_attr = 0
        self.external_attr = 0
        self.header_offset = 0
        self.CRC = 0
        self.compress_size = 0
        self.file_size = 0

    def is_dir(self):
        return self.filename.endswith('/')

    def __repr__(self):
        r = ['<%s filename=%r' % (self.__class__.__name__, self.filename)]
        if self.compress_type != ZIP_STORED:
            r.append(' compress_type=%s' % {8: 'deflate', 12: 'bzip2', 14: 'lzma'}.get(self.compress_type, self.compress_type))
        hi = self.external_attr >> 16
        lo = self.external_attr & 0xFFFF
        if hi:
            import stat
            r.append(' filemode=%r' % stat.filemode(hi))
        if lo:
            r.append(' external_attr=%#x' % lo)
        isdir = self.is_dir()
        if not isdir or self.file_size:
            r.append(' file_size=%r' % self.file_size)
        if ((not isdir or self.compress_size) and (self.compress_type != ZIP_STORED or self.file_size != self.compress_size)):
            r.append(' compress_size=%r' % self.compress_size)
        r.append('>')
        return ''.join(r)

    @classmethod
    def from_file(cls, filename, arcname=None, *, strict_timestamps=True):
        st = _os.stat(filename)
        isdir = _os.path.isdir(filename)
        mtime = _time.localtime(st.st_mtime)
        date_time = tuple(mtime[0:6])
        if not strict_timestamps and date_time[0] < 1980:
            date_time = (1980, 1, 1, 0, 0, 0)
        if arcname is None:
            arcname = filename
        arcname = _os.path.normpath(_os.path.splitdrive(arcname)[1] if hasattr(_os.path, 'splitdrive') else arcname)
        while arcname[0] in (_os.sep, _os.altsep or _os.sep):
            arcname = arcname[1:]
        if isdir:
            arcname += '/'
        zinfo = cls(arcname, date_time)
        zinfo.external_attr = (st.st_mode & 0xFFFF) << 16
        if isdir:
            zinfo.file_size = 0
            zinfo.external_attr |= 0x10
        else:
            zinfo.file_size = st.st_size
        return zinfo


def _dos_time(dt):
    y, mo, d, h, mi, s = dt
    return ((h << 11) | (mi << 5) | (s // 2)) & 0xffff, (((y - 1980) << 9) | (mo << 5) | d) & 0xffff


def _read_all(file):
    if isinstance(file, str) or hasattr(file, '__fspath__'):
        with open(_os.fspath(file), 'rb') as f:
            return f.read()
    pos = file.tell() if hasattr(file, 'tell') else 0
    if hasattr(file, 'seek'):
        file.seek(0)
    data = file.read()
    if hasattr(file, 'seek'):
        file.seek(pos)
    return bytes(data)


def _find_eocd(data):
    i = data.rfind(_EOCD_SIG, _builtin_max(0, len(data) - 65557))
    if i < 0:
        raise BadZipFile("File is not a zip file")
    return i


_builtin_max = max


def is_zipfile(filename):
    try:
        data = _read_all(filename)
        _find_eocd(data)
        return True
    except (OSError, BadZipFile):
        return False


class ZipFile:
    fp = None

    def __init__(self, file, mode="r", compression=ZIP_STORED, allowZip64=True, compresslevel=None, *,
                 strict_timestamps=True, metadata_encoding=None):
        if mode not in ('r', 'w', 'x', 'a'):
            raise ValueError("ZipFile requires mode 'r', 'w', 'x', or 'a'")
        if compression not in (ZIP_STORED, ZIP_DEFLATED):
            raise NotImplementedError("That compression method is not supported in Kiln (stored and deflated are)")
        self.mode = mode
        self.compression = compression
        self.compresslevel = compresslevel
        self.debug = 0
        self.comment = b''
        self._strict_timestamps = strict_timestamps
        self._file = file
        self.filename = _os.fspath(file) if isinstance(file, str) or hasattr(file, '__fspath__') else getattr(file, 'name', None)
        self.filelist = []
        self.NameToInfo = {}
        self._data = b''
        self._new = {}
        self._closed = False
        if mode == 'r' or (mode == 'a' and self._exists()):
            self._data = _read_all(file)
            self._read_directory()
        elif mode == 'x' and isinstance(file, str) and _os.path.exists(file):
            raise FileExistsError(17, 'File exists', file)

    def _exists(self):
        if isinstance(self._file, str):
            return _os.path.exists(self._file)
        return True

    def _read_directory(self):
        data = self._data
        e = _find_eocd(data)
        (_, disk, disk_cd, n_disk, n_total, cd_size, cd_offset, clen) = _struct.unpack('<4s4H2LH', data[e:e + 22])
        self.comment = data[e + 22:e + 22 + clen]
        loc = data.rfind(_EOCD64_LOC_SIG, 0, e)
        if loc >= 0 and loc == e - 20:
            off64 = _struct.unpack('<Q', data[loc + 8:loc + 16])[0]
            if data[off64:off64 + 4] == _EOCD64_SIG:
                n_total, cd_size, cd_offset = _struct.unpack('<QQQ', data[off64 + 32:off64 + 56])
        pos = cd_offset
        for _ in range(n_total):
            if data[pos:pos + 4] != _CD_SIG:
                raise BadZipFile("Bad magic number for central directory")
            fields = _struct.unpack('<4s6H3L5H2L', data[pos:pos + 46])
            (_, create_version, extract_version, flags, method, t, d, crc, csize, usize, nlen, xlen, mlen,
             disk_start, iattr, eattr, offset) = fields
            name_b = data[pos + 46:pos + 46 + nlen]
            extra = data[pos + 46 + nlen:pos + 46 + nlen + xlen]
            comment = data[pos + 46 + nlen + xlen:pos + 46 + nlen + xlen + mlen]
            name = name_b.decode('utf-8') if flags & 0x800 else name_b.decode('cp437' if False else 'latin-1')
            zi = ZipInfo(name, ((d >> 9) + 1980, (d >> 5) & 0xF, d & 0x1F, t >> 11, (t >> 5) & 0x3F, (t & 0x1F) * 2))
            zi.create_version = create_version
            zi.extract_version = extract_version
            zi.flag_bits = flags
            zi.compress_type = method
            zi.CRC = crc
            zi.compress_size = csize
            zi.file_size = usize
            zi.internal_attr = iattr
            zi.external_attr = eattr
            zi.header_offset = offset
            zi.extra = extra
            zi.comment = comment
            # ZIP64 extra field: the 0xFFFFFFFF fields in order usize, csize, offset
            k = 0
            while k + 4 <= len(extra):
                tag, ln = _struct.unpack('<HH', extra[k:k + 4])
                if tag == 1:
                    vals = extra[k + 4:k + 4 + ln]
                    j = 0
                    if usize == 0xFFFFFFFF:
                        zi.file_size = _struct.unpack('<Q', vals[j:j + 8])[0]
                        j += 8
                    if csize == 0xFFFFFFFF:
                        zi.compress_size = _struct.unpack('<Q', vals[j:j + 8])[0]
                        j += 8
                    if offset == 0xFFFFFFFF:
                        zi.header_offset = _struct.unpack('<Q', vals[j:j + 8])[0]
                k += 4 + ln
            self.filelist.append(zi)
            self.NameToInfo[zi.filename] = zi
            pos += 46 + nlen + xlen + mlen

    # ---- reading ----
    def namelist(self):
        return [z.filename for z in self.filelist]

    def infolist(self):
        return list(self.filelist)

    def getinfo(self, name):
        info = self.NameToInfo.get(name)
        if info is None:
            raise KeyError('There is no item named %r in the archive' % name)
        return info

    def printdir(self, file=None):
        print("%-46s %19s %12s" % ("File Name", "Modified    ", "Size"), file=file)
        for zinfo in self.filelist:
            date = "%d-%02d-%02d %02d:%02d:%02d" % zinfo.date_time[:6]
            print("%-46s %s %12d" % (zinfo.filename, date, zinfo.file_size), file=file)

    def read(self, name, pwd=None):
        if pwd is not None:
            raise NotImplementedError("encrypted zip members are not supported in Kiln")
        zi = name if isinstance(name, ZipInfo) else self.getinfo(name)
        if zi.filename in self._new:
            return self._new[zi.filename]
        data = self._data
        h = zi.header_offset
        if data[h:h + 4] != _LOCAL_SIG:
            raise BadZipFile("Bad magic number for file header")
        nlen, xlen = _struct.unpack('<HH', data[h + 26:h + 30])
        start = h + 30 + nlen + xlen
        raw = data[start:start + zi.compress_size]
        if zi.flag_bits & 0x1:
            raise NotImplementedError("File %r is encrypted, password required for extraction (not supported in Kiln)" % zi.filename)
        if zi.compress_type == ZIP_STORED:
            out = raw
        elif zi.compress_type == ZIP_DEFLATED:
            out = _native_zlib._inflate(BadZipFile, raw, -15)[0]
        else:
            raise NotImplementedError("compression type %d (%s)" % (zi.compress_type, {12: 'bzip2', 14: 'lzma'}.get(zi.compress_type, 'unknown')))
        if _zlib.crc32(out) != zi.CRC:
            raise BadZipFile("Bad CRC-32 for file %r" % zi.filename)
        return out

    def open(self, name, mode="r", pwd=None, *, force_zip64=False):
        if mode != 'r':
            raise NotImplementedError("ZipFile.open(mode='w') is not supported in Kiln; use writestr")
        return _io.BytesIO(self.read(name, pwd))

    def testzip(self):
        for zi in self.filelist:
            try:
                self.read(zi)
            except BadZipFile:
                return zi.filename
        return None

    @staticmethod
    def _safe_path(name, targetpath):
        arcname = name.replace('/', _os.sep)
        arcname = arcname.lstrip(_os.sep)
        parts = [x for x in arcname.split(_os.sep) if x not in ('', _os.curdir, _os.pardir)]
        return _os.path.join(targetpath, *parts) if parts else targetpath

    def extract(self, member, path=None, pwd=None):
        zi = member if isinstance(member, ZipInfo) else self.getinfo(member)
        path = _os.getcwd() if path is None else _os.fspath(path)
        target = self._safe_path(zi.filename, path)
        if zi.is_dir():
            if not _os.path.isdir(target):
                _os.makedirs(target, exist_ok=True)
            return target
        parent = _os.path.dirname(target)
        if parent and not _os.path.exists(parent):
            _os.makedirs(parent, exist_ok=True)
        with open(target, 'wb') as f:
            f.write(self.read(zi, pwd))
        return target

    def extractall(self, path=None, members=None, pwd=None):
        if members is None:
            members = self.filelist
        for m in members:
            self.extract(m, path, pwd)

    # ---- writing ----
    def _check_writable(self):
        if self.mode == 'r':
            raise ValueError("write() requires mode 'w', 'x', or 'a'")
        if self._closed:
            raise ValueError("Attempt to write to ZIP archive that was already closed")

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):
        self._check_writable()
        if isinstance(data, str):
            data = data.encode("utf-8")
        if isinstance(zinfo_or_arcname, ZipInfo):
            zi = zinfo_or_arcname
        else:
            zi = ZipInfo(zinfo_or_arcname, tuple(_time.localtime(_time.time())[:6]))
            zi.compress_type = self.compression if compress_type is None else compress_type
            if zi.filename.endswith('/'):
                zi.external_attr = 0o40775 << 16
                zi.external_attr |= 0x10
            else:
                zi.external_attr = 0o600 << 16
        self._add(zi, bytes(data))

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        self._check_writable()
        zi = ZipInfo.from_file(filename, arcname, strict_timestamps=self._strict_timestamps)
        zi.compress_type = self.compression if compress_type is None else compress_type
        if zi.is_dir():
            self._add(zi, b'')
        else:
            with open(filename, 'rb') as f:
                self._add(zi, f.read())

    def mkdir(self, zinfo_or_directory_name, mode=511):
        name = zinfo_or_directory_name if isinstance(zinfo_or_directory_name, str) else zinfo_or_directory_name.filename
        if not name.endswith('/'):
            name += '/'
        zi = ZipInfo(name, tuple(_time.localtime(_time.time())[:6]))
        zi.external_attr = ((0o40000 | mode) & 0xFFFF) << 16 | 0x10
        self._add(zi, b'')

    def _add(self, zi, data):
        zi.file_size = len(data)
        zi.CRC = _zlib.crc32(data)
        zi.compress_size = len(data)
        zi.stored_type = ZIP_STORED  # written stored whatever compress_type says
        if zi.filename in self.NameToInfo:
            import warnings
            warnings.warn('Duplicate name: %r' % zi.filename, UserWarning)
        self._new[zi.filename] = data
        self.filelist.append(zi)
        self.NameToInfo[zi.filename] = zi

    def close(self):
        if self._closed:
            return
        self._closed = True
        if self.mode == 'r':
            return
        out = []
        offset = 0
        entries = []
        for zi in self.filelist:
            data = self._new[zi.filename] if zi.filename in self._new else self.read(zi)
            name = zi.filename.encode('utf-8')
            flags = 0x800 if any(ord(c) > 127 for c in zi.filename) else 0
            t, d = _dos_time(zi.date_time)
            crc = _zlib.crc32(data)
            local = _struct.pack('<4s5H3L2H', _LOCAL_SIG, 20, flags, ZIP_STORED, t, d, crc, len(data), len(data), len(name), 0)
            out.append(local + name + data)
            entries.append((zi, name, flags, t, d, crc, len(data), offset))
            offset += len(local) + len(name) + len(data)
        cd = []
        for zi, name, flags, t, d, crc, n, off in entries:
            cd.append(_struct.pack('<4s6H3L5H2L', _CD_SIG, 20 | (3 << 8), 20, flags, ZIP_STORED, t, d, crc, n, n,
                                   len(name), 0, len(zi.comment), 0, zi.internal_attr, zi.external_attr, off) + name + zi.comment)
        cd_bytes = b''.join(cd)
        eocd = _struct.pack('<4s4H2LH', _EOCD_SIG, 0, 0, len(entries), len(entries), len(cd_bytes), offset, len(self.comment))
        blob = b''.join(out) + cd_bytes + eocd + self.comment
        if isinstance(self._file, str) or hasattr(self._file, '__fspath__'):
            with open(_os.fspath(self._file), 'wb') as f:
                f.write(blob)
        else:
            if hasattr(self._file, 'seek'):
                self._file.seek(0)
            self._file.write(blob)
            if hasattr(self._file, 'truncate'):
                try:
                    self._file.truncate()
                except Exception:
                    pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        r = ['<%s.%s' % (self.__class__.__module__, self.__class__.__qualname__)]
        if self.filename is not None:
            r.append(' filename=%r' % self.filename)
        r.append(' mode=%r>' % self.mode)
        return ''.join(r)
