// Whether the app runs inside the Capacitor native shell (Android/iOS) or as a web page.
import { Capacitor } from '@capacitor/core';

export const isNativePlatform = (): boolean => Capacitor.isNativePlatform();
