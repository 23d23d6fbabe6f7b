# faulthandler as training scripts use it (enable/is_enabled/disable, dump_traceback's,
# dump_traceback_later's and register's argument checks; the dump itself names absolute paths) and
# getpass.getuser from the environment, with CPython's errors.
import faulthandler
import getpass
import os
import signal
import sys

print(faulthandler.is_enabled())
faulthandler.enable()
print(faulthandler.is_enabled())
faulthandler.enable(file=sys.stdout, all_threads=False)
faulthandler.disable()
print(faulthandler.is_enabled())


class BadFile:
    def fileno(self):
        return 'nope'


for call in (lambda: faulthandler.dump_traceback(BadFile()), lambda: faulthandler.dump_traceback(-1),
             lambda: faulthandler.enable(file=3.5), lambda: faulthandler.dump_traceback_later(0),
             lambda: faulthandler.dump_traceback_later(-2.5), lambda: faulthandler.register(signal.SIGSEGV),
             lambda: faulthandler.register(0), lambda: faulthandler.register(99)):
    try:
        call()
    except (ValueError, RuntimeError, AttributeError, OverflowError) as e:
        print(type(e).__name__, e)
faulthandler.dump_traceback_later(3600, exit=False)
faulthandler.cancel_dump_traceback_later()
faulthandler.register(signal.SIGUSR1, file=sys.stdout)
print(faulthandler.unregister(signal.SIGUSR1), faulthandler.unregister(signal.SIGUSR1))

os.environ['LOGNAME'] = 'trainer'
print(getpass.getuser())
del os.environ['LOGNAME']
os.environ['USER'] = 'second'
print(getpass.getuser() in ('second', os.environ.get('LOGNAME')))
