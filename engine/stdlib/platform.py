# platform: CPython's API with honest values for a Kiln program. system() is derived from
# sys.platform ('Linux' natively on Linux, 'Darwin' on macOS, 'Emscripten' in the browser);
# python_version()/python_version_tuple() are the Python version Kiln follows (sys.version_info);
# python_implementation() is 'Kiln' (not CPython: C extensions, threads and the like are absent).
# Kiln does not query the host's uname, so machine(), node(), release(), version() and processor()
# are '' (CPython's documented answer when a value cannot be determined); architecture() answers
# ('64bit', '') from sys.maxsize. uname() is a namedtuple-like result of those values.
import sys

__all__ = ['system', 'machine', 'node', 'release', 'version', 'processor', 'platform', 'uname',
           'architecture', 'python_version', 'python_version_tuple', 'python_implementation',
           'python_compiler', 'python_build', 'mac_ver', 'win32_ver', 'libc_ver', 'freedesktop_os_release']


def system():
    p = sys.platform
    if p.startswith('linux'):
        return 'Linux'
    if p == 'darwin':
        return 'Darwin'
    if p.startswith('win'):
        return 'Windows'
    if p == 'emscripten':
        return 'Emscripten'
    return p.capitalize()


def machine():
    return ''


def node():
    return ''


def release():
    return ''


def version():
    return ''


def processor():
    return ''


def architecture(executable=None, bits='', linkage=''):
    return ('64bit' if sys.maxsize > 2 ** 32 else '32bit', linkage)


class uname_result(tuple):
    _fields = ('system', 'node', 'release', 'version', 'machine')

    def __new__(cls, system, node, release, version, machine):
        return tuple.__new__(cls, (system, node, release, version, machine))

    system = property(lambda self: self[0])
    node = property(lambda self: self[1])
    release = property(lambda self: self[2])
    version = property(lambda self: self[3])
    machine = property(lambda self: self[4])

    @property
    def processor(self):
        return processor()

    def __repr__(self):
        return ('uname_result(system=%r, node=%r, release=%r, version=%r, machine=%r)'
                % (self[0], self[1], self[2], self[3], self[4]))


def uname():
    return uname_result(system(), node(), release(), version(), machine())


def platform(aliased=False, terse=False):
    parts = [p for p in (system(), release(), machine()) if p]
    return '-'.join(parts)


def python_version():
    v = sys.version_info
    return '%d.%d.%d' % (v[0], v[1], v[2])


def python_version_tuple():
    v = sys.version_info
    return (str(v[0]), str(v[1]), str(v[2]))


def python_implementation():
    return 'Kiln'


def python_compiler():
    return ''


def python_build():
    return ('', '')


def python_branch():
    return ''


def python_revision():
    return ''


def mac_ver(release='', versioninfo=('', '', ''), machine=''):
    return (release, versioninfo, machine)


def win32_ver(release='', version='', csd='', ptype=''):
    return (release, version, csd, ptype)


def libc_ver(executable=None, lib='', version='', chunksize=16384):
    return (lib, version)


def freedesktop_os_release():
    raise OSError("freedesktop_os_release(): Kiln does not read the host's /etc/os-release")
