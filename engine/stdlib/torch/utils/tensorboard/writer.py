# torch.utils.tensorboard.writer.SummaryWriter with PyTorch 2.11's constructor and add_* signatures.
# The log directory is made as PyTorch's makes it (default runs/<Mon DD_HH-MM-SS>_<host><comment>),
# values are checked as PyTorch checks them (a scalar must be one number) and recorded in memory;
# no event file is written (Kiln has no TensorBoard, and the files hold wall-clock times anyway).
import os
import time

import torch

__all__ = ["FileWriter", "SummaryWriter"]


def _scalar(value):
    # PyTorch's summary.scalar: make_np(value), then it must hold exactly one number
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        if value.numel() != 1:
            raise AssertionError("scalar should be 0D")
        return float(value.item())
    if hasattr(value, "shape") and hasattr(value, "item"):
        if getattr(value, "size", 1) != 1:
            raise AssertionError("scalar should be 0D")
        return float(value.item())
    return float(value)


class FileWriter:
    def __init__(self, log_dir, max_queue=10, flush_secs=120, filename_suffix=""):
        log_dir = str(log_dir)
        os.makedirs(log_dir, exist_ok=True)
        self._log_dir = log_dir

    def get_logdir(self):
        return self._log_dir

    def flush(self):
        pass

    def close(self):
        pass


class SummaryWriter:
    def __init__(self, log_dir=None, comment="", purge_step=None, max_queue=10, flush_secs=120,
                 filename_suffix=""):
        if not log_dir:
            import platform
            from datetime import datetime
            current_time = datetime.now().strftime("%b%d_%H-%M-%S")
            log_dir = os.path.join("runs", current_time + "_" + platform.node() + comment)
        self.log_dir = log_dir
        self.purge_step = purge_step
        self.max_queue = max_queue
        self.flush_secs = flush_secs
        self.filename_suffix = filename_suffix
        self.file_writer = self.all_writers = None
        self._get_file_writer()
        self.default_bins = [0.0]
        self._records = []

    def _get_file_writer(self):
        if self.all_writers is None or self.file_writer is None:
            self.file_writer = FileWriter(self.log_dir, self.max_queue, self.flush_secs, self.filename_suffix)
            self.all_writers = {self.file_writer.get_logdir(): self.file_writer}
        return self.file_writer

    def get_logdir(self):
        return self.log_dir

    def _record(self, kind, tag, value, global_step, walltime):
        self._records.append((kind, tag, value, global_step, time.time() if walltime is None else walltime))

    def add_hparams(self, hparam_dict, metric_dict, hparam_domain_discrete=None, run_name=None, global_step=None):
        if type(hparam_dict) is not dict or type(metric_dict) is not dict:
            raise TypeError("hparam_dict and metric_dict should be dictionary.")
        self._record("hparams", run_name, (dict(hparam_dict), dict(metric_dict)), global_step, None)

    def add_scalar(self, tag, scalar_value, global_step=None, walltime=None, new_style=False,
                   double_precision=False):
        self._record("scalar", tag, _scalar(scalar_value), global_step, walltime)

    def add_scalars(self, main_tag, tag_scalar_dict, global_step=None, walltime=None):
        for tag, value in tag_scalar_dict.items():
            self._record("scalar", main_tag + "/" + tag, _scalar(value), global_step, walltime)

    def add_tensor(self, tag, tensor, global_step=None, walltime=None):
        self._record("tensor", tag, tensor, global_step, walltime)

    def add_histogram(self, tag, values, global_step=None, bins="tensorflow", walltime=None, max_bins=None):
        self._record("histogram", tag, values, global_step, walltime)

    def add_histogram_raw(self, tag, min, max, num, sum, sum_squares, bucket_limits, bucket_counts,
                          global_step=None, walltime=None):
        if len(bucket_limits) != len(bucket_counts):
            raise ValueError("len(bucket_limits) != len(bucket_counts), see the document.")
        self._record("histogram", tag, (min, max, num, sum, sum_squares), global_step, walltime)

    def add_image(self, tag, img_tensor, global_step=None, walltime=None, dataformats="CHW"):
        self._record("image", tag, img_tensor, global_step, walltime)

    def add_images(self, tag, img_tensor, global_step=None, walltime=None, dataformats="NCHW"):
        self._record("images", tag, img_tensor, global_step, walltime)

    def add_image_with_boxes(self, tag, img_tensor, box_tensor, global_step=None, walltime=None,
                             rescale=1, dataformats="CHW", labels=None):
        self._record("image", tag, img_tensor, global_step, walltime)

    def add_figure(self, tag, figure, global_step=None, close=True, walltime=None):
        self._record("figure", tag, figure, global_step, walltime)
        if close:
            import matplotlib.pyplot as plt
            figs = figure if isinstance(figure, list) else [figure]
            for f in figs:
                plt.close(f)

    def add_video(self, tag, vid_tensor, global_step=None, fps=4, walltime=None):
        self._record("video", tag, vid_tensor, global_step, walltime)

    def add_audio(self, tag, snd_tensor, global_step=None, sample_rate=44100, walltime=None):
        self._record("audio", tag, snd_tensor, global_step, walltime)

    def add_text(self, tag, text_string, global_step=None, walltime=None):
        self._record("text", tag, text_string, global_step, walltime)

    def add_onnx_graph(self, prototxt):
        pass

    def add_graph(self, model, input_to_model=None, verbose=False, use_strict_trace=True):
        self._record("graph", None, model, None, None)

    def add_embedding(self, mat, metadata=None, label_img=None, global_step=None, tag="default",
                      metadata_header=None):
        self._record("embedding", tag, mat, global_step, None)

    def add_pr_curve(self, tag, labels, predictions, global_step=None, num_thresholds=127, weights=None,
                     walltime=None):
        self._record("pr_curve", tag, (labels, predictions), global_step, walltime)

    def add_custom_scalars(self, layout):
        self._record("custom_scalars", None, layout, None, None)

    def add_mesh(self, tag, vertices, colors=None, faces=None, config_dict=None, global_step=None,
                 walltime=None):
        self._record("mesh", tag, vertices, global_step, walltime)

    def flush(self):
        if self.all_writers is None:
            return
        for writer in self.all_writers.values():
            writer.flush()

    def close(self):
        if self.all_writers is None:
            return
        for writer in self.all_writers.values():
            writer.flush()
            writer.close()
        self.file_writer = self.all_writers = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.close()
