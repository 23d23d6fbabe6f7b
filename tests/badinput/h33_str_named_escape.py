# badinput: a "\N{NAME}" escape in a str literal: Kiln has no Unicode character-name table (listed in engine/vm/README.md's "What stays out": about 1 MB of the browser bundle), so it is a located SyntaxError naming the limitation before anything runs, not a wrong character
# expect-exit: 1
# expect-stderr: SyntaxError: \N{...} escapes are not supported in Kiln (Unicode character names are not included)
print("start")
s = "caf\N{LATIN SMALL LETTER E WITH ACUTE}"
print(s)
