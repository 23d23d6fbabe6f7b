// Reading the engine's TORCH_LOGS records back into structure for the playground's panels.
//
// The session turns every TORCH_LOGS channel on and catches what the program writes to stderr. The
// engine writes each log record with one call (capture/dynamo/dynamo.cpp log()), so one chunk is one
// record: Dynamo's start with "[frame/attempt] [__channel] " (PyTorch's format), the back end's
// with their own heading ("Graph passes of graph 0:", "Output code: ..."). Anything else is the
// program's own stderr. The text itself comes from the engine's printers; this file only splits it.
#pragma once
#include <string>
#include <vector>

#include "session.h"

namespace kiln::playground {

struct LogRecord {
    std::string channel;     // graph_breaks, recompiles, guards, graph_code, bytecode, passes,
                             // post_grad_graphs, schedule, fusion, output_code, inductor
    std::string compile_id;  // "0/1" for Dynamo's records, "" for the back end's
    std::string graph_name;  // "graph 0" for the back end's records that name their graph
    std::string text;        // the record as printed
};

// True (with `rec` filled) when `chunk` is a TORCH_LOGS record.
bool classify_log_chunk(const std::string& chunk, LogRecord* rec);

// Fills the report's compiles (by compile id), breaks, recompiles and the back end's artifacts from
// the records, in the order they were written.
// `filename`: the program's file; aten_lines records keep the lines in it ("" keeps every line).
void apply_log_records(const std::vector<LogRecord>& records, RunReport& report, const std::string& filename = "");

// The before/after steps of a TORCH_LOGS=passes record ("# input", "# after cse (changed)", ...).
std::vector<PassStep> parse_pass_steps(const std::string& passes_record);

}  // namespace kiln::playground
