# pdb: the module programs import for a debugging session (`import pdb` at the top, often with the
# pdb.set_trace() calls commented out). Importing it and naming its functions works; starting the
# debugger raises NotImplementedError, since Kiln runs programs without an interactive terminal.

__all__ = ["run", "pm", "Pdb", "runeval", "runctx", "runcall", "set_trace", "post_mortem", "help"]


class Restart(Exception):
    """Causes a debugger to be restarted for the debugged python program."""


def _no_debugger(what):
    raise NotImplementedError(f"pdb.{what}(): Kiln has no interactive debugger (programs run without a terminal)")


class Pdb:
    def __init__(self, completekey='tab', stdin=None, stdout=None, skip=None, nosigint=False, readrc=True):
        self.skip = set(skip) if skip else None
        self.prompt = '(Pdb) '

    def set_trace(self, frame=None):
        _no_debugger("Pdb.set_trace")

    def run(self, cmd, globals=None, locals=None):
        _no_debugger("Pdb.run")

    def runcall(self, func, *args, **kwds):
        _no_debugger("Pdb.runcall")


def set_trace(*, header=None):
    _no_debugger("set_trace")


def post_mortem(t=None):
    _no_debugger("post_mortem")


def pm():
    _no_debugger("pm")


def run(statement, globals=None, locals=None):
    _no_debugger("run")


def runeval(expression, globals=None, locals=None):
    _no_debugger("runeval")


def runctx(statement, globals, locals):
    _no_debugger("runctx")


def runcall(*args, **kwds):
    _no_debugger("runcall")


def help():
    print("pdb: the Python debugger (not available in Kiln)")
