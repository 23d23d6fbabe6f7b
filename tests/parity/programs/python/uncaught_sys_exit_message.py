# sys.exit("message"): the message goes to stderr and the exit status is 1.
import sys

print("checking input")
sys.exit("error: no input files given")
