// A module that reaches into the extension's internals: javac must refuse it.
module com.example.peek {
    requires org.triscale.junit;
}
