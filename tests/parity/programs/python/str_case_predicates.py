# upper/lower/title/capitalize/swapcase and is* predicates.
words = ["hello", "WORLD", "MiXeD cAsE", "hello world-wide web", "it's o'neil", "123abc", "", "  "]
for w in words:
    print(repr(w), w.upper(), w.lower(), w.title(), w.capitalize(), w.swapcase(), sep=" | ")
tests = ["123", "12.3", "-1", "abc", "abc1", "ABC", "abc def", "   ", "\t\n", "", "Abc", "aBC", "a1!", "1a"]
for t in tests:
    print(repr(t), t.isdigit(), t.isalpha(), t.isalnum(), t.isspace(), t.isupper(), t.islower())
print("x".upper() == "X", "ABC".lower().upper(), "a-b_c d".title(), "hELLO wORLD".capitalize())
print("hello"[0].upper() + "hello"[1:])
print([c for c in "Hello World 42" if c.isupper()], [c for c in "a1b2c3" if c.isdigit()])
print(sum([1 for c in "Mississippi" if c.islower()]))
