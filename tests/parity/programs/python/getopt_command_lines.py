# getopt as older training scripts parse sys.argv: short options clustered or with attached and
# separate arguments, long options with '=' or a following argument and unique prefixes, '--',
# getopt stopping at the first non-option against gnu_getopt's intermixing (and its '+' prefix),
# and GetoptError's messages and attributes for each mistake.
import getopt


def parse(argv, short="hvi:o:", long=("help", "input=", "output=", "lr=", "verbose", "version")):
    try:
        opts, args = getopt.getopt(argv, short, list(long))
        print("getopt", opts, args)
    except getopt.GetoptError as err:
        print("GetoptError:", err, "| opt:", repr(err.opt), "| msg:", err.msg, "| args:", err.args)


parse(["-h"])
parse(["-vi", "data.txt", "-oout.pt", "rest", "-v"])
parse(["--input=a.csv", "--output", "b.pt", "--lr", "0.1", "x"])
parse(["--in", "a.csv", "--verb"])
parse(["--ver"])
parse(["--", "-h", "x"])
parse(["-", "-h"])
parse(["-x"])
parse(["-i"])
parse(["--lr"])
parse(["--help=yes"])
parse(["--bogus"])
parse([], "ab")
print(getopt.getopt(["-a", "1", "-b"], "a:b", "long="))
for argv in (["a", "-v", "--input", "f", "b", "--", "-h"], ["-v", "pos", "-h"]):
    print("gnu", getopt.gnu_getopt(argv, "hvi:", ["input="]))
print("gnu+", getopt.gnu_getopt(["-v", "pos", "-h"], "+hv"))
print(getopt.error is getopt.GetoptError, issubclass(getopt.GetoptError, Exception))
e = getopt.GetoptError("boom")
print(repr(str(e)), repr(e.opt), e.args)
