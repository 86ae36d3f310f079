# SPDX-License-Identifier: GPL-3.0-or-later
# Times sdcMicro's C++ SUDA2 search on the first N columns of a CSV table, as suda2() calls it
# (issue #37): the data prepared as suda2() prepares it, proc.time() (user + system) around the
# `Suda2` call alone, repeated in one R process. Prints the median, least and greatest CPU seconds
# and the sum of the SUDA scores (to compare with QIScout's).
#
# usage: Rscript suda2_time.R FILE COLUMNS CALLS   (sdcMicro on .libPaths(), e.g. via R_LIBS)
args <- commandArgs(trailingOnly = TRUE)
file <- args[[1]]
columns <- as.integer(args[[2]])
calls <- as.integer(args[[3]])
suppressPackageStartupMessages(library(sdcMicro))
data.table::setDTthreads(1)

# The cells QIScout reads as missing by default (its --missing) are missing here too.
table <- read.csv(file, check.names = FALSE, colClasses = "character",
                  na.strings = c("", "?", "NA", "N/A", "NULL"))
keys <- table[, seq_len(min(columns, ncol(table))), drop = FALSE]
# Factors, because suda2() turns character keys into missing values and casts numeric ones to int;
# the codes are what its C++ sees.
for (i in seq_len(ncol(keys))) keys[[i]] <- as.numeric(factor(keys[[i]]))
dataX <- as.matrix(keys)
dataX[is.na(dataX)] <- -999

seconds <- numeric(calls)
for (call in seq_len(calls)) {
  before <- proc.time()
  result <- sdcMicro:::Suda2(dataX, -999, ncol(dataX), 0.01, TRUE)$Res
  spent <- proc.time() - before
  seconds[call] <- spent[["user.self"]] + spent[["sys.self"]]
}
cat(sprintf("sdcMicro %s: median %.4f s, min %.4f, max %.4f (%d calls), sum of SUDA scores %.4f\n",
            basename(file), median(seconds), min(seconds), max(seconds), calls,
            sum(result[, ncol(dataX) + 1])))
