# inspect.signature of a dataclass and of its generated __init__ (what config loaders and CLI
# builders read to map options onto fields): positional and keyword-only fields, <factory> defaults,
# string annotations, the `-> None` return, and __init__'s __annotations__ / get_type_hints.
import inspect
import typing
from dataclasses import KW_ONLY, dataclass, field


@dataclass
class TrainConfig:
    d_model: int
    layers: list = field(default_factory=list)
    name: str = "mamba"
    _: KW_ONLY
    lr: float = 1.5e-3
    seed: typing.Optional[int] = None


@dataclass(frozen=True)
class Point:
    x: "int"
    y: int = 2


sig = inspect.signature(TrainConfig)
print(sig)
print(inspect.signature(TrainConfig.__init__))
for p in sig.parameters.values():
    print(p.name, p.kind.name, p.default, p.annotation)
print(TrainConfig.__init__.__annotations__)
print(typing.get_type_hints(TrainConfig.__init__))
print(inspect.signature(Point))
# binding options by the signature, as argparse-from-dataclass helpers do
opts = {"d_model": 16, "lr": 0.01, "unused": 1}
known = {k: v for k, v in opts.items() if k in inspect.signature(TrainConfig).parameters}
print(TrainConfig(**known))
print(inspect.signature(TrainConfig).bind(8, name="x").arguments)
