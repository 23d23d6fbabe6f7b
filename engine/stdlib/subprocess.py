# subprocess for Kiln: the module real programs import at the top to log a git hash or run a shell
# command (DETR's and DINO's util/misc.py, experiment runners), usually inside try/except. Its
# process-free part is CPython 3.11's: the PIPE/STDOUT/DEVNULL constants, SubprocessError,
# CalledProcessError and TimeoutExpired with their messages, CompletedProcess (repr,
# check_returncode) and list2cmdline. Starting a process (run, call, check_call, check_output, Popen,
# getoutput, getstatusoutput) finds no program, as shutil.which() finds none: Kiln runs programs without
# processes, so the call raises what CPython raises for a missing executable, FileNotFoundError
# ([Errno 2] naming the program: args[0], the whole string without shell=True, /bin/sh with it, or
# executable=), with a note saying why. The guards real programs put around such calls then take
# their fallback: `except (subprocess.CalledProcessError, FileNotFoundError)` (PyTorch-YOLOv3's poetry
# version), `except OSError`, `except Exception` (the 'N/A' git hash of DETR and DINO).
import os
import signal

__all__ = ["Popen", "PIPE", "STDOUT", "call", "check_call", "getstatusoutput", "getoutput", "check_output", "run",
           "CalledProcessError", "DEVNULL", "SubprocessError", "TimeoutExpired", "CompletedProcess"]

PIPE = -1
STDOUT = -2
DEVNULL = -3


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):

    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr

    def __str__(self):
        if self.returncode and self.returncode < 0:
            try:
                return "Command '%s' died with %r." % (self.cmd, signal.Signals(-self.returncode))
            except ValueError:
                return "Command '%s' died with unknown signal %d." % (self.cmd, -self.returncode)
        else:
            return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class TimeoutExpired(SubprocessError):

    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class CompletedProcess(object):

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            args.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            args.append('stderr={!r}'.format(self.stderr))
        return "{}({})".format(type(self).__name__, ', '.join(args))

    def check_returncode(self):
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


def list2cmdline(seq):
    # the MS C runtime's quoting, as CPython: quote arguments with spaces or tabs (or empty), double the
    # backslashes that precede a quote
    result = []
    for arg in map(os.fsdecode, seq):
        bs_buf = []
        if result:
            result.append(' ')
        needquote = (" " in arg) or ("\t" in arg) or not arg
        if needquote:
            result.append('"')
        for c in arg:
            if c == '\\':
                bs_buf.append(c)
            elif c == '"':
                result.append('\\' * len(bs_buf) * 2)
                bs_buf = []
                result.append('\\"')
            else:
                if bs_buf:
                    result.extend(bs_buf)
                    bs_buf = []
                result.append(c)
        if bs_buf:
            result.extend(bs_buf)
        if needquote:
            result.extend(bs_buf)
            result.append('"')
    return ''.join(result)


def _no_processes(what, args=None, shell=False, executable=None):
    # the program CPython's Popen would execute: executable=, else /bin/sh for shell=True, else
    # args[0] (a str or path-like args is the program itself)
    if executable is not None:
        program = executable
    elif shell:
        program = "/bin/sh"
    elif isinstance(args, (str, bytes)) or hasattr(args, "__fspath__"):
        program = args
    else:
        try:
            program = list(args)[0]
        except (TypeError, IndexError):
            raise TypeError("expected str, bytes or os.PathLike object, not " + type(args).__name__) from None
    if hasattr(program, "__fspath__"):
        program = os.fspath(program)
    err = FileNotFoundError(2, "No such file or directory", program)
    err.add_note(f"subprocess.{what}(): Kiln runs programs without processes, so no command can be found "
                 "(shutil.which() answers None)")
    raise err


class Popen:
    def __init__(self, args, bufsize=-1, executable=None, stdin=None, stdout=None, stderr=None, preexec_fn=None,
                 close_fds=True, shell=False, cwd=None, env=None, universal_newlines=None, startupinfo=None,
                 creationflags=0, restore_signals=True, start_new_session=False, pass_fds=(), *, user=None,
                 group=None, extra_groups=None, encoding=None, errors=None, text=None, umask=-1, pipesize=-1,
                 process_group=None):
        _no_processes("Popen", args, shell, executable)


def call(*popenargs, timeout=None, **kwargs):
    _no_processes("call", popenargs[0] if popenargs else kwargs.get("args"), kwargs.get("shell", False),
                  kwargs.get("executable"))


def check_call(*popenargs, **kwargs):
    _no_processes("check_call", popenargs[0] if popenargs else kwargs.get("args"), kwargs.get("shell", False),
                  kwargs.get("executable"))


def check_output(*popenargs, timeout=None, **kwargs):
    for kw in ("stdout", "check"):
        if kw in kwargs:
            raise ValueError(f"{kw} argument not allowed, it will be overridden.")
    _no_processes("check_output", popenargs[0] if popenargs else kwargs.get("args"), kwargs.get("shell", False),
                  kwargs.get("executable"))


def run(*popenargs, input=None, capture_output=False, timeout=None, check=False, **kwargs):
    if input is not None and kwargs.get("stdin") is not None:
        raise ValueError("stdin and input arguments may not both be used.")
    if capture_output and (kwargs.get("stdout") is not None or kwargs.get("stderr") is not None):
        raise ValueError("stdout and stderr arguments may not be used with capture_output.")
    _no_processes("run", popenargs[0] if popenargs else kwargs.get("args"), kwargs.get("shell", False),
                  kwargs.get("executable"))


def getstatusoutput(cmd, *, encoding=None, errors=None):
    _no_processes("getstatusoutput", cmd, True)


def getoutput(cmd, *, encoding=None, errors=None):
    _no_processes("getoutput", cmd, True)
