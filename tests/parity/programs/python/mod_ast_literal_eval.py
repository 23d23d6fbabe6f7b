# ast.literal_eval as configuration readers use it (nanoGPT's configurator, minGPT's CfgNode):
# values from strings, falling back to the string on SyntaxError / ValueError.
from ast import literal_eval
import ast

for text in ["3", "-2.5e-3", "+7", "True", "None", "'gpt2'", "\"x\"", "[1, 2, (3, 4)]", "{'a': 1, 'b': [True, None]}",
             "{1, 2, 3}", "set()", "()", "(1,)", "  \t42", "b'ab'", "1_000_000", "0x1F", "123456789012345678901234567890",
             "-(5)", "...", "{'nested': {'k': (1.5, -2)}}"]:
    v = literal_eval(text)
    print(repr(text), "->", repr(v), type(v).__name__)


def parse(val):
    try:
        attempt = literal_eval(val)
    except (SyntaxError, ValueError) as e:
        # (a SyntaxError's message is the parser's own wording: only its type is compared)
        print("  fallback:", type(e).__name__, str(e).split(":")[0] if isinstance(e, ValueError) else "")
        attempt = val
    return attempt


for text in ["gpt2", "owt", "1 +", "a + b", "[x for x in y]", "f(1)", "1 + 2", "--5", "{**d}", "lambda: 0"]:
    print(repr(text), "->", repr(parse(text)))

try:
    literal_eval(5)
except ValueError as e:
    print("ValueError:", e)
print(ast.literal_eval("[1e3, 2E-2, .5]"))
