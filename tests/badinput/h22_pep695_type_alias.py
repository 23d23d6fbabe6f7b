# badinput: PEP 695 type alias statement, value evaluated lazily (names defined later)
# expect-exit: 0
# expect-stdout: Pair dict[K, V] | __main__.Later (K, V) Pair[int, str] 5
type Pair[K, V] = dict[K, V] | Later
class Later: pass
type = 5
print(Pair, Pair.__value__, Pair.__type_params__, Pair[int, str], type)
