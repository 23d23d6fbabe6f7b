# optparse (CPython's older option parser, still in Python-2-era training scripts such as
# ZhixiuYe/NER-pytorch's train.py, probe 28: "No module named 'optparse'"): add_option with types, choices,
# count/store_false/append actions, option groups with %default, long-option prefixes, attached and
# clustered short values, '--', the Values repr, --help text and the error exits (usage and message on stderr).
import optparse
p = optparse.OptionParser()
p.add_option("-T", "--train", default="dataset/eng.train", help="Train set location")
p.add_option("-l", "--lower", default="1", type='int', help="Lowercase words (this will not affect character inputs)")
p.add_option("-D", "--dropout", default="0.5", type='float', help="Droupout on the input (0 = no dropout)")
p.add_option('--char_mode', choices=['CNN', 'LSTM'], default='CNN', help='char_CNN or char_LSTM')
p.add_option("-v", action="count", dest="verbose")
p.add_option("-q", action="store_false", dest="verbose2", default=True)
p.add_option("--tag", action="append")
g = optparse.OptionGroup(p, "Extra", "More options here.")
g.add_option("--xx", type="int", metavar="N", help="an int [default: %default]", default=3)
p.add_option_group(g)
opts, args = p.parse_args(["-l", "0", "-D0.25", "--char=LSTM", "-vv", "pos1", "--tag", "a", "--tag=b", "--", "-x"])
print(opts)
print(args, opts.lower, type(opts.dropout).__name__)
p.print_help()
try:
    p.parse_args(["-l", "abc"])
except SystemExit as e:
    print("exit", e.code)
try:
    p.parse_args(["--char_mode", "RNN"])
except SystemExit as e:
    print("exit", e.code)
try:
    p.parse_args(["--nope"])
except SystemExit as e:
    print("exit", e.code)
