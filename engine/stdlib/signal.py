# signal: the signal numbers (Linux's), the Signals enum of them, SIG_DFL/SIG_IGN, and
# signal()/getsignal() that record handlers. A Kiln program receives no OS signals (the VM runs in
# a sandbox, in the browser too): handlers are stored and returned but never called; Ctrl-C stops a
# native `kiln` run at once and the playground's Stop button ends a program with KilnLimitError.
# alarm/pause/setitimer and raise_signal/kill raise NotImplementedError.

SIGHUP = 1
SIGINT = 2
SIGQUIT = 3
SIGILL = 4
SIGTRAP = 5
SIGABRT = 6
SIGBUS = 7
SIGFPE = 8
SIGKILL = 9
SIGUSR1 = 10
SIGSEGV = 11
SIGUSR2 = 12
SIGPIPE = 13
SIGALRM = 14
SIGTERM = 15
SIGCHLD = 17
SIGCONT = 18
SIGSTOP = 19
SIGTSTP = 20
SIGWINCH = 28
NSIG = 65
SIG_DFL = 0
SIG_IGN = 1

from enum import IntEnum as _IntEnum

# The Signals enum of the numbers above (CPython's repr <Signals.SIGKILL: 9>; subprocess names a
# killed child's signal with it). The module's SIG* names stay plain ints here.
Signals = _IntEnum("Signals", [(_n, _v) for _n, _v in list(globals().items())
                               if _n.startswith("SIG") and not _n.startswith("SIG_")], module=__name__)


def default_int_handler(signalnum, frame):
    raise KeyboardInterrupt


_handlers = {SIGINT: default_int_handler}


def signal(signalnum, handler):
    if not isinstance(signalnum, int) or not 1 <= signalnum < NSIG:
        raise ValueError("signal number out of range")
    if signalnum in (SIGKILL, SIGSTOP):
        raise OSError(22, 'Invalid argument')
    if handler not in (SIG_DFL, SIG_IGN) and not callable(handler):
        raise TypeError("signal handler must be signal.SIG_IGN, signal.SIG_DFL, or a callable object")
    old = _handlers.get(signalnum, SIG_DFL)
    _handlers[signalnum] = handler
    return old


def getsignal(signalnum):
    return _handlers.get(signalnum, SIG_DFL)


def strsignal(signalnum):
    names = {SIGINT: 'Interrupt', SIGTERM: 'Terminated', SIGKILL: 'Killed', SIGHUP: 'Hangup', SIGALRM: 'Alarm clock',
             SIGUSR1: 'User defined signal 1', SIGUSR2: 'User defined signal 2', SIGSEGV: 'Segmentation fault',
             SIGABRT: 'Aborted', SIGPIPE: 'Broken pipe', SIGCHLD: 'Child exited', SIGQUIT: 'Quit'}
    return names.get(signalnum)


def _unsupported(name):
    def f(*args, **kwargs):
        raise NotImplementedError("signal.%s is not supported in Kiln: programs receive and send no OS signals" % name)
    f.__name__ = name
    return f


alarm = _unsupported('alarm')
pause = _unsupported('pause')
setitimer = _unsupported('setitimer')
raise_signal = _unsupported('raise_signal')
pthread_kill = _unsupported('pthread_kill')
