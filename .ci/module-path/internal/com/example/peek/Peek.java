package com.example.peek;

class Peek {
    Object extension = new org.triscale.junit.internal.lifecycle.TriscaleExtension();
}
