# badinput: a module on a sys.path entry outside Kiln's file sandbox: CPython's ModuleNotFoundError, with
# a note that names the skipped directory and --allow-dir (the import used to fail unexplained)
# expect-exit: 1
# expect-stderr: Kiln did not look in /usr/lib
import sys

sys.path.append("/usr/lib")
import kiln_probe_helper_module
