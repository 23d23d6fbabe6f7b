# socket: the parts ML programs use without opening a connection: gethostname()/getfqdn() for run
# names and log folders (seq2seq scripts, SummaryWriter-style "runs/<time>_<host>"), the exception
# types (error is OSError, timeout is TimeoutError, herror/gaierror are OSError subclasses, as
# urllib's offline URLError wraps a gaierror) and the common constants (AddressFamily/SocketKind as
# IntEnums). Kiln does not query the host (see platform.py), so the host name is 'localhost'.
# Left out: socket objects and name resolution (Kiln has no network access).
from enum import IntEnum

__all__ = ["error", "herror", "gaierror", "timeout", "gethostname", "getfqdn", "AddressFamily",
           "SocketKind", "AF_UNIX", "AF_INET", "AF_INET6", "SOCK_STREAM", "SOCK_DGRAM", "SOCK_RAW",
           "SOL_SOCKET", "SO_REUSEADDR", "IPPROTO_TCP", "IPPROTO_UDP", "has_ipv6"]

error = OSError
timeout = TimeoutError


class herror(OSError):
    pass


class gaierror(OSError):
    pass


herror.__module__ = "socket"
gaierror.__module__ = "socket"


class AddressFamily(IntEnum):
    AF_UNSPEC = 0
    AF_UNIX = 1
    AF_INET = 2
    AF_INET6 = 10


class SocketKind(IntEnum):
    SOCK_STREAM = 1
    SOCK_DGRAM = 2
    SOCK_RAW = 3


AF_UNSPEC = AddressFamily.AF_UNSPEC
AF_UNIX = AddressFamily.AF_UNIX
AF_INET = AddressFamily.AF_INET
AF_INET6 = AddressFamily.AF_INET6
SOCK_STREAM = SocketKind.SOCK_STREAM
SOCK_DGRAM = SocketKind.SOCK_DGRAM
SOCK_RAW = SocketKind.SOCK_RAW
SOL_SOCKET = 1
SO_REUSEADDR = 2
IPPROTO_TCP = 6
IPPROTO_UDP = 17
has_ipv6 = True


def gethostname():
    return 'localhost'


def getfqdn(name=''):
    name = name.strip()
    return name if name and name not in ('0.0.0.0', '::') else gethostname()
