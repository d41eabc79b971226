// A user's test module: open, so that JUnit and TriScale reach its test classes reflectively.
open module com.example.cca {
    requires org.triscale.junit;
    requires org.triscale.emulator;
}
