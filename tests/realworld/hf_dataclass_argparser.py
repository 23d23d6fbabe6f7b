# Real-program corpus (tests/realworld, see README.md): the dataclass-driven command line of Hugging
# Face training scripts: HfArgumentParser as in huggingface/transformers src/transformers/hf_argparser.py
# @ 002496228f0c34cb032547b6ed7293d538e1c521 (string_to_bool, make_choice_type_function, HfArg,
# _parse_dataclass_field, _add_dataclass_arguments, parse_args_into_dataclasses, parse_dict,
# parse_json_file), driven by TrainingArguments-style dataclasses. Written for Kiln, not copied.
# Changes: no `import yaml` (parse_yaml_file left out), args files are looked for only when named,
# the command lines are explicit lists. Pure Python: dataclasses (field metadata, default_factory,
# fields(), init=False, __post_init__), typing.get_type_hints, Literal, Optional / `X | None`,
# NewType, enum choices, argparse (ArgumentDefaultsHelpFormatter help text, argument groups,
# nargs '?' / '+', const, store_false complements, parse_known_args), pathlib, json, tempfile.
import dataclasses
import json
import os
import sys
import tempfile
import types
from argparse import ArgumentDefaultsHelpFormatter, ArgumentParser, ArgumentTypeError
from collections.abc import Callable, Iterable
from copy import copy
from enum import Enum
from inspect import isclass
from pathlib import Path
from typing import Any, Literal, NewType, Optional, Union, get_type_hints

DataClass = NewType("DataClass", Any)
DataClassType = NewType("DataClassType", Any)


def string_to_bool(v):
    if isinstance(v, bool):
        return v
    if v.lower() in ("yes", "true", "t", "y", "1"):
        return True
    elif v.lower() in ("no", "false", "f", "n", "0"):
        return False
    else:
        raise ArgumentTypeError(
            f"Truthy value expected: got {v} but expected one of yes/no, true/false, t/f, y/n, 1/0 (case insensitive)."
        )


def make_choice_type_function(choices: list) -> Callable[[str], Any]:
    str_to_choice = {str(choice): choice for choice in choices}
    return lambda arg: str_to_choice.get(arg, arg)


def HfArg(*, aliases: str | list[str] | None = None, help: str | None = None, default: Any = dataclasses.MISSING,
          default_factory: Callable[[], Any] = dataclasses.MISSING, metadata: dict | None = None,
          **kwargs) -> dataclasses.Field:
    if metadata is None:
        metadata = {}
    if aliases is not None:
        metadata["aliases"] = aliases
    if help is not None:
        metadata["help"] = help
    return dataclasses.field(metadata=metadata, default=default, default_factory=default_factory, **kwargs)


class HfArgumentParser(ArgumentParser):
    dataclass_types: Iterable[DataClassType]

    def __init__(self, dataclass_types: DataClassType | Iterable[DataClassType] | None = None, **kwargs):
        if dataclass_types is None:
            dataclass_types = []
        elif not isinstance(dataclass_types, Iterable):
            dataclass_types = [dataclass_types]
        if "formatter_class" not in kwargs:
            kwargs["formatter_class"] = ArgumentDefaultsHelpFormatter
        super().__init__(**kwargs)
        if dataclasses.is_dataclass(dataclass_types):
            dataclass_types = [dataclass_types]
        self.dataclass_types = list(dataclass_types)
        for dtype in self.dataclass_types:
            self._add_dataclass_arguments(dtype)

    @staticmethod
    def _parse_dataclass_field(parser: ArgumentParser, field: dataclasses.Field):
        long_options = [f"--{field.name}"]
        if "_" in field.name:
            long_options.append(f"--{field.name.replace('_', '-')}")
        kwargs = field.metadata.copy()
        if isinstance(field.type, str):
            raise RuntimeError("Unresolved type detected, which should have been done with the help of "
                               "`typing.get_type_hints` method by default")
        aliases = kwargs.pop("aliases", [])
        if isinstance(aliases, str):
            aliases = [aliases]
        origin_type = getattr(field.type, "__origin__", field.type)
        if origin_type is Union or (hasattr(types, "UnionType") and isinstance(origin_type, types.UnionType)):
            if str not in field.type.__args__ and (
                len(field.type.__args__) != 2 or type(None) not in field.type.__args__
            ):
                raise ValueError(
                    "Only `Union[X, NoneType]` (i.e., `Optional[X]`) is allowed for `Union` because"
                    " the argument parser only supports one type per argument."
                    f" Problem encountered in field '{field.name}'."
                )
            if type(None) not in field.type.__args__:
                field.type = field.type.__args__[0] if field.type.__args__[1] is str else field.type.__args__[1]
                origin_type = getattr(field.type, "__origin__", field.type)
            elif bool not in field.type.__args__:
                field.type = (
                    field.type.__args__[0] if isinstance(None, field.type.__args__[1]) else field.type.__args__[1]
                )
                origin_type = getattr(field.type, "__origin__", field.type)
        bool_kwargs = {}
        if origin_type is Literal or (isinstance(field.type, type) and issubclass(field.type, Enum)):
            if origin_type is Literal:
                kwargs["choices"] = field.type.__args__
            else:
                kwargs["choices"] = [x.value for x in field.type]
            kwargs["type"] = make_choice_type_function(kwargs["choices"])
            if field.default is not dataclasses.MISSING:
                kwargs["default"] = field.default
            else:
                kwargs["required"] = True
        elif field.type is bool or field.type == bool | None:
            bool_kwargs = copy(kwargs)
            kwargs["type"] = string_to_bool
            if field.type is bool or (field.default is not None and field.default is not dataclasses.MISSING):
                default = False if field.default is dataclasses.MISSING else field.default
                kwargs["default"] = default
                kwargs["nargs"] = "?"
                kwargs["const"] = True
        elif isclass(origin_type) and issubclass(origin_type, list):
            kwargs["type"] = field.type.__args__[0]
            kwargs["nargs"] = "+"
            if field.default_factory is not dataclasses.MISSING:
                kwargs["default"] = field.default_factory()
            elif field.default is dataclasses.MISSING:
                kwargs["required"] = True
        else:
            kwargs["type"] = field.type
            if field.default is not dataclasses.MISSING:
                kwargs["default"] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                kwargs["default"] = field.default_factory()
            else:
                kwargs["required"] = True
        parser.add_argument(*long_options, *aliases, **kwargs)
        if field.default is True and (field.type is bool or field.type == bool | None):
            bool_kwargs["default"] = False
            parser.add_argument(
                f"--no_{field.name}",
                f"--no-{field.name.replace('_', '-')}",
                action="store_false",
                dest=field.name,
                **bool_kwargs,
            )

    def _add_dataclass_arguments(self, dtype: DataClassType):
        if hasattr(dtype, "_argument_group_name"):
            parser = self.add_argument_group(dtype._argument_group_name)
        else:
            parser = self
        try:
            type_hints: dict[str, type] = get_type_hints(dtype)
        except NameError:
            raise RuntimeError(f"Type resolution failed for {dtype}.")
        for field in dataclasses.fields(dtype):
            if not field.init:
                continue
            field.type = type_hints[field.name]
            self._parse_dataclass_field(parser, field)

    def parse_args_into_dataclasses(self, args=None, return_remaining_strings=False, look_for_args_file=False,
                                    args_filename=None, args_file_flag=None) -> tuple[DataClass, ...]:
        if args_file_flag or args_filename or (look_for_args_file and len(sys.argv)):
            args_files = []
            if args_filename:
                args_files.append(Path(args_filename))
            elif look_for_args_file and len(sys.argv):
                args_files.append(Path(sys.argv[0]).with_suffix(".args"))
            if args_file_flag:
                args_file_parser = ArgumentParser()
                args_file_parser.add_argument(args_file_flag, type=str, action="append")
                cfg, args = args_file_parser.parse_known_args(args=args)
                cmd_args_file_paths = vars(cfg).get(args_file_flag.lstrip("-"), None)
                if cmd_args_file_paths:
                    args_files.extend([Path(p) for p in cmd_args_file_paths])
            file_args = []
            for args_file in args_files:
                if args_file.exists():
                    file_args += args_file.read_text().split()
            args = file_args + args if args is not None else file_args + sys.argv[1:]
        namespace, remaining_args = self.parse_known_args(args=args)
        outputs = []
        for dtype in self.dataclass_types:
            keys = {f.name for f in dataclasses.fields(dtype) if f.init}
            inputs = {k: v for k, v in vars(namespace).items() if k in keys}
            for k in keys:
                delattr(namespace, k)
            obj = dtype(**inputs)
            outputs.append(obj)
        if len(namespace.__dict__) > 0:
            outputs.append(namespace)
        if return_remaining_strings:
            return (*outputs, remaining_args)
        else:
            if remaining_args:
                raise ValueError(f"Some specified arguments are not used by the HfArgumentParser: {remaining_args}")
            return (*outputs,)

    def parse_dict(self, args: dict[str, Any], allow_extra_keys: bool = False) -> tuple[DataClass, ...]:
        unused_keys = set(args.keys())
        outputs = []
        for dtype in self.dataclass_types:
            keys = {f.name for f in dataclasses.fields(dtype) if f.init}
            inputs = {k: v for k, v in args.items() if k in keys}
            unused_keys.difference_update(inputs.keys())
            obj = dtype(**inputs)
            outputs.append(obj)
        if not allow_extra_keys and unused_keys:
            raise ValueError(f"Some keys are not used by the HfArgumentParser: {sorted(unused_keys)}")
        return tuple(outputs)

    def parse_json_file(self, json_file: str | os.PathLike, allow_extra_keys: bool = False) -> tuple[DataClass, ...]:
        with open(Path(json_file), encoding="utf-8") as open_json_file:
            data = json.loads(open_json_file.read())
        outputs = self.parse_dict(data, allow_extra_keys=allow_extra_keys)
        return tuple(outputs)


# ---- dataclasses in the shape of run_clm.py's ModelArguments / DataTrainingArguments / TrainingArguments ----
class SchedulerType(Enum):
    LINEAR = "linear"
    COSINE = "cosine"
    CONSTANT = "constant"


@dataclasses.dataclass
class ModelArguments:
    model_name_or_path: Optional[str] = dataclasses.field(default=None, metadata={"help": "The model checkpoint."})
    model_type: Literal["gpt2", "llama", "bert"] = HfArg(default="gpt2", help="Model type.")
    torch_dtype: Optional[str] = dataclasses.field(default=None, metadata={"choices": ["auto", "bfloat16", "float32"]})
    use_fast_tokenizer: bool = dataclasses.field(default=True, metadata={"help": "Use a fast tokenizer."})
    low_cpu_mem_usage: bool = False


@dataclasses.dataclass
class DataTrainingArguments:
    _argument_group_name = "data"
    dataset_name: str = HfArg(aliases=["-d"], help="The name of the dataset.")
    block_size: Optional[int] = None
    validation_split_percentage: int | None = 5
    streaming: bool | None = None
    keep_linebreaks: bool = True
    train_files: list[str] = dataclasses.field(default_factory=lambda: ["a.txt"])

    def __post_init__(self):
        if self.validation_split_percentage is not None and not 0 <= self.validation_split_percentage <= 100:
            raise ValueError("validation_split_percentage must be within [0, 100]")


@dataclasses.dataclass
class TrainingArguments:
    output_dir: str = HfArg(help="Where to write checkpoints.")
    learning_rate: float = 5e-5
    num_train_epochs: float = 3.0
    lr_scheduler_type: SchedulerType = SchedulerType.LINEAR
    seed: int = 42
    report_to: list[str] = HfArg(default_factory=list, aliases="--report")
    run_name: Optional[str] = None
    do_train: bool = False
    world_size: int = dataclasses.field(default=1, init=False)

    def __post_init__(self):
        if self.run_name is None:
            self.run_name = self.output_dir
        if isinstance(self.lr_scheduler_type, str):
            self.lr_scheduler_type = SchedulerType(self.lr_scheduler_type)


print(string_to_bool("Yes"), string_to_bool("0"), string_to_bool(True))
try:
    string_to_bool("maybe")
except ArgumentTypeError as e:
    print("ArgumentTypeError:", e)
to_choice = make_choice_type_function([1, "two", 3.0])
print(to_choice("1"), to_choice("two"), to_choice("3.0"), to_choice("4"))
f = HfArg(aliases="-x", help="h", default=3)
print(type(f).__name__, f.default, dict(f.metadata))

parser = HfArgumentParser((ModelArguments, DataTrainingArguments, TrainingArguments), prog="run_clm.py")
print([a.dest for a in parser._actions])
print([(g.title, [a.dest for a in g._group_actions]) for g in parser._action_groups])
print(parser.format_help())

model_args, data_args, training_args = parser.parse_args_into_dataclasses(args=[
    "--model_name_or_path", "gpt2-small", "--model-type", "llama", "--no_use_fast_tokenizer",
    "-d", "wikitext", "--block_size", "128", "--streaming", "false", "--train-files", "x.txt", "y.txt",
    "--output_dir", "out", "--learning_rate", "3e-4", "--lr_scheduler_type", "cosine", "--report", "tb", "wandb",
    "--do_train", "--low_cpu_mem_usage", "yes"])
print(model_args)
print(data_args)
print(training_args)
print(dataclasses.asdict(training_args)["lr_scheduler_type"], training_args.world_size)

parser2 = HfArgumentParser(TrainingArguments)
parser2.add_argument("--extra_flag", action="store_true")
out = parser2.parse_args_into_dataclasses(["--output_dir", "o2", "--extra_flag", "--unknown", "1"], return_remaining_strings=True)
print(out)
try:
    parser2.parse_args_into_dataclasses(["--output_dir", "o2", "--bogus"])
except ValueError as e:
    print("ValueError:", e)

print(parser.parse_dict({"dataset_name": "c4", "output_dir": "d", "seed": 7, "model_type": "bert"}))
try:
    parser.parse_dict({"dataset_name": "c4", "output_dir": "d", "zzz": 1, "aaa": 2})
except ValueError as e:
    print("ValueError:", e)
try:
    parser.parse_dict({"dataset_name": "c4", "output_dir": "d", "validation_split_percentage": 200})
except ValueError as e:
    print("ValueError:", e)

with tempfile.TemporaryDirectory() as d:
    cfg_path = Path(d) / "train_config.json"
    cfg_path.write_text(json.dumps({"output_dir": "from_json", "learning_rate": 0.001, "report_to": ["none"], "do_train": True}))
    (training_args,) = parser2.parse_json_file(cfg_path)
    print(training_args)
    args_path = Path(d) / "defaults.args"
    args_path.write_text("--output_dir from_args_file --seed 3\n")
    (training_args, extra) = parser2.parse_args_into_dataclasses(["--seed", "5"], args_filename=str(args_path))
    print(training_args.output_dir, training_args.seed, extra)

@dataclasses.dataclass
class BadUnion:
    value: Union[int, float] = 1
try:
    HfArgumentParser(BadUnion)
except ValueError as e:
    print("ValueError:", e)

old_stderr = sys.stderr
sys.stderr = sys.stdout
try:
    parser.parse_args_into_dataclasses(["--output_dir", "x", "-d", "w", "--model_type", "t5"])
except SystemExit as e:
    print("SystemExit", e.code)
finally:
    sys.stderr = old_stderr
