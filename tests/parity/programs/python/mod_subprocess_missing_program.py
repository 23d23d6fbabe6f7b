# Starting a program that cannot be found: CPython raises FileNotFoundError ([Errno 2], the program's
# name as filename) from run/call/check_call/check_output/Popen, and the guards real programs write
# around version and git-hash probes take their fallback (PyTorch-YOLOv3's print_environment_info:
# `except (subprocess.CalledProcessError, FileNotFoundError)`). Kiln finds no program at all (it runs
# none), so its answer is the same for these names, which no machine has.
import subprocess


def version(cmd):
    try:
        return subprocess.check_output(cmd, stderr=subprocess.DEVNULL).decode("ascii").strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None


print("version:", version(["kiln-no-such-program-1", "version"]))

for call in (subprocess.run, subprocess.call, subprocess.check_call, subprocess.check_output, subprocess.Popen):
    try:
        call(["kiln-no-such-program-2", "--flag"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except ValueError as e:  # check_output refuses stdout= before starting anything
        print(call.__name__, "ValueError:", e)
    except OSError as e:
        print(call.__name__, type(e).__name__, e.errno, e.strerror, repr(e.filename), "|", e)

# a str without shell=True is the program's name as a whole
try:
    subprocess.run("kiln-no-such-program-3 --flag", capture_output=True, text=True)
except FileNotFoundError as e:
    print("str args:", e.filename, "|", e)

# keyword args=
try:
    subprocess.check_output(args=["kiln-no-such-program-4"])
except FileNotFoundError as e:
    print("args=:", e)


def git_hash():
    try:
        sha = subprocess.check_output(["kiln-no-such-git", "rev-parse", "HEAD"]).decode("ascii").strip()
    except Exception:
        sha = "N/A"
    return sha


print("sha:", git_hash())
try:
    subprocess.run(["kiln-no-such-program-6"], capture_output=True, stderr=subprocess.PIPE)
except ValueError as e:
    print("run:", e)
try:
    subprocess.check_call(["kiln-no-such-program-5"])
except subprocess.CalledProcessError:
    print("not reached")
except OSError as e:
    print("OSError caught:", isinstance(e, FileNotFoundError), e.errno)
