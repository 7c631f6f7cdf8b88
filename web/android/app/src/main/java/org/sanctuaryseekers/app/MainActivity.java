package org.sanctuaryseekers.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
