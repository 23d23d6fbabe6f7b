# subprocess's process-free part: the pipe constants, CompletedProcess's repr and check_returncode,
# CalledProcessError / TimeoutExpired messages and attributes, the exception hierarchy, list2cmdline's
# MS C runtime quoting. (Starting a process is not exercised: CPython would run the command.)
import subprocess

print(subprocess.PIPE, subprocess.STDOUT, subprocess.DEVNULL)
print(issubclass(subprocess.CalledProcessError, subprocess.SubprocessError),
      issubclass(subprocess.TimeoutExpired, subprocess.SubprocessError),
      issubclass(subprocess.SubprocessError, Exception))
cp = subprocess.CompletedProcess(["git", "rev-parse", "HEAD"], 0)
print(repr(cp), cp.args, cp.returncode, cp.stdout, cp.stderr)
cp.check_returncode()
cp = subprocess.CompletedProcess("ls -l", 2, stdout=b"out\n", stderr="err")
print(cp)
try:
    cp.check_returncode()
except subprocess.CalledProcessError as e:
    print(type(e).__name__, "|", e, "|", e.returncode, e.cmd, e.output, e.stdout, e.stderr)
e = subprocess.CalledProcessError(1, ["git", "diff"], output="x")
print(str(e), e.args, e.stdout)
e.stdout = "y"
print(e.output)
print(str(subprocess.CalledProcessError(-9, "sleep 10")))
print(str(subprocess.CalledProcessError(-200, "weird")))
t = subprocess.TimeoutExpired(["sleep", "5"], 1.5, output=b"partial")
print(str(t), t.timeout, t.output, t.stdout, t.stderr)
try:
    raise subprocess.TimeoutExpired("cmd", 3)
except subprocess.SubprocessError as err:
    print("caught", type(err).__name__, err)
for seq in (["a", "b c"], ["", "x"], ['say "hi"'], ["back\\slash", "end\\", "sp ace\\"], ['a\\"b'], ["tab\there"]):
    print(repr(subprocess.list2cmdline(seq)))
