// SPDX-License-Identifier: GPL-3.0-or-later
// Runs ARX's core library on one table and prints, per configuration, what `qiscout-cli anonymize`
// prints: the optimum, its information loss, the transformations checked, the time and the memory.
// Our own driver (issue #37): it only calls ARX's public API, and compiles against ARX's built
// classes (bench/arx/run-side-by-side.sh builds and runs it).
//
// usage: java -cp ARX_CLASSPATH:. ArxBench DATA.csv --qi NAME=HIERARCHY.csv ... [--sensitive NAME]
//            [--subset SUBSET.csv] [--runs N] [--out FILE] CONFIG ...
// CONFIG: k=K,suppression=S,metric=M[,l=COLUMN:entropy:L|COLUMN:recursive:C:L|COLUMN:distinct:L]
//         [,d=MIN:MAX] (d-presence, with --subset the research subset's rows, matched to DATA's by ARX)
// M is QIScout's name for the metric (precision, loss, discernibility, dm-star, aecs,
// entropy-monotonic, entropy-non-monotonic). Every run of a configuration is timed; the first is
// the cold one, the median of the second half the warm one (wall and the searching thread's CPU).

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.deidentifier.arx.ARXAnonymizer;
import org.deidentifier.arx.ARXConfiguration;
import org.deidentifier.arx.ARXLattice.ARXNode;
import org.deidentifier.arx.ARXResult;
import org.deidentifier.arx.AttributeType;
import org.deidentifier.arx.AttributeType.Hierarchy;
import org.deidentifier.arx.Data;
import org.deidentifier.arx.DataSubset;
import org.deidentifier.arx.criteria.DPresence;
import org.deidentifier.arx.criteria.DistinctLDiversity;
import org.deidentifier.arx.criteria.EntropyLDiversity;
import org.deidentifier.arx.criteria.KAnonymity;
import org.deidentifier.arx.criteria.RecursiveCLDiversity;
import org.deidentifier.arx.metric.Metric;

public final class ArxBench {

    private ArxBench() {}

    // QIScout's metric names (docs/anonymization.md says which ARX metric each one matches).
    private static Metric<?> metricNamed(String name) {
        switch (name) {
            case "precision": return Metric.createPrecisionMetric();
            case "loss": return Metric.createLossMetric();
            case "discernibility": return Metric.createDiscernabilityMetric(false);
            case "dm-star": return Metric.createDiscernabilityMetric(true);
            case "aecs": return Metric.createAECSMetric();
            case "entropy-monotonic": return Metric.createPrecomputedEntropyMetric(0.1d, true);
            case "entropy-non-monotonic": return Metric.createPrecomputedEntropyMetric(0.1d, false);
            default: throw new IllegalArgumentException("unknown metric " + name);
        }
    }

    private static ARXConfiguration configurationFrom(String spec, DataSubset subset) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : spec.split(",")) {
            String[] pair = field.split("=", 2);
            fields.put(pair[0], pair[1]);
        }
        ARXConfiguration config = ARXConfiguration.create();
        if (fields.containsKey("k")) {
            config.addPrivacyModel(new KAnonymity(Integer.parseInt(fields.get("k"))));
        }
        if (fields.containsKey("l")) {
            String[] parts = fields.get("l").split(":");
            switch (parts[1]) {
                case "entropy": config.addPrivacyModel(new EntropyLDiversity(parts[0], Double.parseDouble(parts[2]))); break;
                case "distinct": config.addPrivacyModel(new DistinctLDiversity(parts[0], Integer.parseInt(parts[2]))); break;
                case "recursive": config.addPrivacyModel(new RecursiveCLDiversity(parts[0], Double.parseDouble(parts[2]),
                                                                                  Integer.parseInt(parts[3]))); break;
                default: throw new IllegalArgumentException("unknown l-diversity " + parts[1]);
            }
        }
        if (fields.containsKey("d")) {
            if (subset == null) {
                throw new IllegalArgumentException("d-presence needs --subset");
            }
            String[] bounds = fields.get("d").split(":");
            config.addPrivacyModel(new DPresence(Double.parseDouble(bounds[0]), Double.parseDouble(bounds[1]), subset));
        }
        config.setSuppressionLimit(Double.parseDouble(fields.getOrDefault("suppression", "0")));
        config.setQualityModel(metricNamed(fields.getOrDefault("metric", "loss")));
        return config;
    }

    private static long peakHeapMiB() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                bytes += pool.getPeakUsage().getUsed();
            }
        }
        return bytes >> 20;
    }

    public static void main(String[] args) throws Exception {
        String file = args[0];
        Map<String, String> hierarchies = new LinkedHashMap<>();
        String sensitive = null;
        String subsetFile = null;
        String out = null;
        int runs = 1;
        List<String> specs = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--qi": {
                    String[] pair = args[++i].split("=", 2);
                    hierarchies.put(pair[0], pair[1]);
                    break;
                }
                case "--sensitive": sensitive = args[++i]; break;
                case "--subset": subsetFile = args[++i]; break;
                case "--runs": runs = Integer.parseInt(args[++i]); break;
                case "--out": out = args[++i]; break;
                default: specs.add(args[i]);
            }
        }

        long loadStart = System.nanoTime();
        Data data = Data.create(file, StandardCharsets.UTF_8, ';');
        for (Map.Entry<String, String> qi : hierarchies.entrySet()) {
            data.getDefinition().setAttributeType(qi.getKey(), Hierarchy.create(qi.getValue(), StandardCharsets.UTF_8, ';'));
        }
        if (sensitive != null) {
            data.getDefinition().setAttributeType(sensitive, AttributeType.SENSITIVE_ATTRIBUTE);
        }
        DataSubset subset = subsetFile == null ? null
                            : DataSubset.create(data, Data.create(subsetFile, StandardCharsets.UTF_8, ';'));
        System.out.printf("load: %d rows, %.1f ms%n", data.getHandle().getNumRows(), (System.nanoTime() - loadStart) / 1e6);

        ARXAnonymizer anonymizer = new ARXAnonymizer();
        // The calling thread's CPU time: ARX searches in it (its JIT and garbage collector add more).
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (String spec : specs) {
            ARXConfiguration config = configurationFrom(spec, subset);
            double[] millis = new double[runs];
            double[] cpuMillis = new double[runs];
            ARXResult result = null;
            for (int run = 0; run < runs; run++) {
                data.getHandle().release();
                long start = System.nanoTime();
                long cpuStart = threads.getCurrentThreadCpuTime();
                result = anonymizer.anonymize(data, config);
                cpuMillis[run] = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e6;
                millis[run] = (System.nanoTime() - start) / 1e6;
            }
            double[] warm = Arrays.copyOfRange(millis, runs / 2, runs);
            Arrays.sort(warm);
            double[] warmCpu = Arrays.copyOfRange(cpuMillis, runs / 2, runs);
            Arrays.sort(warmCpu);
            ARXNode optimum = result.getGlobalOptimum();
            String levels = optimum == null ? "none" : Arrays.toString(optimum.getTransformation());
            String loss = optimum == null ? "-" : optimum.getHighestScore().toString();
            System.out.printf("%s: optimum %s (order %s) loss %s checked %d first %.1f ms warm median %.1f ms "
                              + "(%d runs, cpu %.1f ms) peak heap %d MiB%n",
                              spec, levels, String.join(",", hierarchies.keySet()), loss,
                              result.getProcessStatistics().getTransformationsChecked(), millis[0],
                              warm[warm.length / 2], warm.length, warmCpu[warmCpu.length / 2], peakHeapMiB());
            if (out != null && optimum != null) {
                long writeStart = System.nanoTime();
                result.getOutput(optimum).save(out, ';');
                System.out.printf("write: %.1f ms%n", (System.nanoTime() - writeStart) / 1e6);
            }
        }
    }
}
