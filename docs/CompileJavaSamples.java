// Compiles each Java code sample named on the command line into the folder it is in, with the JDK's own javac
// (javax.tools: the compiler `java File.java` runs in memory), all in this one JVM: docs/run-samples.ts then
// runs each with `java -cp <its folder> <its class>`. Each file is compiled on its own, since several samples
// declare the same class (SendMessage, one per request example). Prints `== <file>` and the diagnostics of
// each file that does not compile, and exits 1 if any does not.
// Run by docs/run-samples.ts: java docs/CompileJavaSamples.java <file>...
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class CompileJavaSamples {
  public static void main(String[] files) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    boolean failed = false;
    for (String file : files) {
      ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
      String folder = Path.of(file).toAbsolutePath().getParent().toString();
      if (javac.run(null, diagnostics, diagnostics, "-d", folder, file) != 0) {
        failed = true;
        System.out.println("== " + file);
        System.out.print(diagnostics);
        System.out.println();
      }
    }
    System.exit(failed ? 1 : 0);
  }
}
