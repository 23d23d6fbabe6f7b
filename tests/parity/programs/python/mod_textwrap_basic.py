# textwrap: wrap, fill, shorten, dedent, indent
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
text = "The quick brown fox jumps over the lazy dog. " * 5 + "A well-known state-of-the-art approach."
print(textwrap.fill(text, width=40))
print(textwrap.wrap(text, 30, initial_indent='* ', subsequent_indent='  '))
print(textwrap.shorten("Hello  world! This is a long sentence", width=20))
print(repr(textwrap.dedent("    a\n      b\n    c\n   \n")))
print(textwrap.indent("a\nb\n\nc", "> "))
