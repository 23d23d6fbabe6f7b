# sys.exit(3): the program stops with exit status 3 and prints nothing to stderr.
import sys


def main():
    print("working")
    return 3


if __name__ == "__main__":
    status = main()
    print("exiting with", status)
    sys.exit(status)
    print("not reached")
