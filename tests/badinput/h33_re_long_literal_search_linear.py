# badinput: searching a 2,000-character literal pattern through 400,000 characters that repeat all but its last character: every start position matches 1,999 characters before failing, 8e8 steps for an engine that tries each start (the step limit would end it), while sre's literal-prefix search (an overlap table) reads the text once; Kiln's re does the same, and a 300,000-character literal compiles in linear time
# expect-exit: 0
# expect-stdout: None (399000, 401000) True
import re
p = re.compile("a" * 1999 + "b")
print(p.search("a" * 400000), p.search("a" * 399000 + "a" * 1999 + "b").span(), re.compile("x" * 300000).fullmatch("x" * 300000) is not None)
