// Runs Chen Shuang's TPR 4x4x4 solver (https://github.com/cs0x7f/TPR-4x4x4-Solver, GPLv3) on
// many positions in one JVM, so that start-up is paid once and timed on its own.
//
// Compiled by scripts/tpr-bench.sh against TPR's jars; this file contains none of TPR's code.
// Run it in the directory that holds (or is to hold) TPR's table files, as TPR's own `solver`
// and `test` programs do: twophase.data and threephase.data are read from the working directory
// when present, else built and written there.
//
// Input (stdin): one position per line, 96 facelets, faces U R F D L B.
// Output (stdout): FACELETS <TAB> SOLUTION <TAB> MILLISECONDS per line, as TPR prints the
// solution (WCA notation, possibly ending in a whole-cube rotation); a solve that throws gets
// the solution "TPR-FAILED:<exception>" (which `wurfel revenge verify` rejects).
// Stderr: TPR's own progress lines, then one line
//   startup-ms <since JVM start> init-ms <table set-up alone> tables <loaded|built>

import java.io.*;
import java.lang.management.ManagementFactory;

public class TprBench {
    public static void main(String[] args) throws IOException {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        // TPR reports its table set-up on System.out; keep stdout for results only.
        System.setOut(System.err);
        long t0 = System.nanoTime();
        boolean built = false;
        built |= !load("twophase.data", cs.min2phase.Tools::initFrom, cs.min2phase.Tools::saveTo);
        built |= !load("threephase.data", cs.threephase.Tools::initFrom, cs.threephase.Tools::saveTo);
        cs.threephase.Search.init();
        double initMs = (System.nanoTime() - t0) / 1e6;
        long sinceStart = ManagementFactory.getRuntimeMXBean().getUptime();
        System.err.println("startup-ms " + sinceStart + " init-ms " + String.format("%.1f", initMs)
                + " tables " + (built ? "built" : "loaded"));

        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        cs.threephase.Search search = new cs.threephase.Search();
        String line;
        while ((line = in.readLine()) != null) {
            String f = line.trim();
            if (f.isEmpty()) {
                continue;
            }
            long s = System.nanoTime();
            String sol;
            try {
                sol = search.solution(f).trim().replaceAll("\\s+", " ");
            } catch (RuntimeException e) {
                e.printStackTrace();
                sol = "TPR-FAILED:" + e.toString().replaceAll("\\s+", "_");
                search = new cs.threephase.Search();
            }
            double ms = (System.nanoTime() - s) / 1e6;
            out.println(f + "\t" + sol + "\t" + String.format("%.3f", ms));
            out.flush();
        }
    }

    interface Reader { void read(DataInputStream in) throws IOException; }
    interface Writer { void write(DataOutputStream out) throws IOException; }

    // True when the tables were read from `name`; otherwise they are built and saved there (as
    // TPR's `solver` does), and false.
    static boolean load(String name, Reader read, Writer save) {
        try (DataInputStream d = new DataInputStream(new BufferedInputStream(new FileInputStream(name)))) {
            read.read(d);
            return true;
        } catch (IOException e) {
            try (DataOutputStream d = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(name)))) {
                save.write(d);
            } catch (IOException e2) {
                System.err.println("cannot save " + name + ": " + e2);
            }
            return false;
        }
    }
}
