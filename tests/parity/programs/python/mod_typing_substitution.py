# typing aliases substitute their type variables wherever they appear (nested aliases included),
# collecting __parameters__ in order of first appearance.
from typing import TypeVar, Union, Tuple, List, Dict, Optional, Callable

T = TypeVar("T")
S = TypeVar("S")
print(Union[T, Tuple[T, T]][int])
print(Dict[T, List[S]][str, int], Dict[T, List[S]].__parameters__)
print(Optional[List[T]][float], Tuple[T, ...][bytes])
pair = Tuple[T, T]
print(pair[str], List[pair][int], List[pair].__parameters__)
try:
    Dict[T, S][int]
except TypeError as e:
    print("TypeError", e)
