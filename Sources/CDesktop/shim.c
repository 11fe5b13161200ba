#include "CDesktop.h"

void cw_connect(
  gpointer instance, const char *signal, void (*handler)(void *data), void *data,
  void (*release)(void *data)) {
  g_signal_connect_data(
    instance, signal, G_CALLBACK(handler), data, (GClosureNotify)(void (*)(void))release,
    G_CONNECT_SWAPPED);
}

void cw_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void cw_accessible_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(
    GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}
