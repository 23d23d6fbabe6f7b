# getpass: getuser() as CPython 3.12 finds the user name (the LOGNAME, USER, LNAME and USERNAME
# environment variables, in that order), which training scripts use for output folders and run
# names. Kiln has no password database to fall back on, so with none of them set getuser() raises
# the OSError CPython 3.13 raises there. getpass() reads the keyboard, which Kiln programs cannot
# (as input()): it raises NotImplementedError saying so.
import os as _os

__all__ = ['getpass', 'getuser', 'GetPassWarning']


class GetPassWarning(UserWarning):
    pass


def getuser():
    for name in ('LOGNAME', 'USER', 'LNAME', 'USERNAME'):
        user = _os.environ.get(name)
        if user:
            return user
    raise OSError('No username set in the environment')


def getpass(prompt='Password: ', stream=None):
    raise NotImplementedError('getpass() is not supported in Kiln: Kiln programs cannot read the keyboard '
                              '(use sys.argv or a file)')
