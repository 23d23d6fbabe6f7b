# keyword: the keyword and soft-keyword lists and their predicates, as CPython 3.12 has them.
import keyword

print(len(keyword.kwlist), keyword.kwlist[:5], keyword.kwlist[-3:])
print(keyword.softkwlist)
for word in ["match", "case", "_", "type", "if", "None", "print", "async", "lambda", ""]:
    print(repr(word), keyword.iskeyword(word), keyword.issoftkeyword(word))
print(sorted(keyword.__all__))
