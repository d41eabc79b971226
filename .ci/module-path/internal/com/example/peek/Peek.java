package com.example.peek;

class Peek {
    Object arm = org.triscale.junit.internal.recording.RunArm.REFERENCE;
}
